import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { randomToken } from './tokens';

/**
 * The HMAC secret: APP_KEY when set (required when several instances share a database),
 * else one generated on first start and kept in DATA_DIR/app.key.
 */
export function resolveAppKey(appKey: string | undefined, dataDir: string): string {
  if (appKey) return appKey;
  if (dataDir === 'memory://') return randomToken(32);
  const file = path.resolve(dataDir, 'app.key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(path.dirname(file), { recursive: true });
  const key = randomToken(32);
  writeFileSync(file, key, { mode: 0o600 });
  return key;
}
