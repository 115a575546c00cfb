import type { Config } from './config';
import type { Database, Db } from './db/client';
import type { Mailer } from './lib/mail';
import type { SessionStore } from './modules/accounts/sessions';
import type { SettingsService } from './modules/settings/service';

/** What every module is given: the config, the database and the shared services. */
export interface AppDeps {
  config: Config;
  database: Database;
  db: Db;
  mailer: Mailer;
  sessions: SessionStore;
  settings: SettingsService;
  /** Secret for HMACs (XSRF). */
  appKey: string;
}
