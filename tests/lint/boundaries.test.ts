// The import rules of the house (DESIGN §1), as eslint.config.js enforces them: every rule fires on a
// deliberate violation and stays quiet on an allowed import. A rule that stops firing fails here.
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** The rules this test is about; anything else ESLint says (unused imports…) is not. */
const BOUNDARY_RULES = new Set(['boundaries/dependencies', 'boundaries/no-unknown-files', 'no-restricted-imports']);
const FOLDERS = 'boundaries/dependencies';
const PACKAGES = 'no-restricted-imports';

type Case = { rule: string; file: string; code: string; fires: string | null };
const fires = (rule: string, file: string, code: string, ruleId: string): Case => ({ rule, file, code, fires: ruleId });
const quiet = (rule: string, file: string, code: string): Case => ({ rule, file, code, fires: null });

const cases: Case[] = [
  // Browser code never imports src/server.
  fires('browser ↛ server', 'src/customer/pages/x/Page.tsx', "import { buildApp } from '../../../server/app';", FOLDERS),
  fires('browser ↛ server', 'src/customer/pages/x/Page.tsx', "import type { Config } from '../../../server/config';", FOLDERS),
  fires('browser ↛ server', 'src/customer/api/x.ts', "export * from '../../server/config';", FOLDERS),
  fires('browser ↛ server', 'src/admin/users/UserList.tsx', "import { buildApp } from '../../server/app';", FOLDERS),
  fires('browser ↛ server', 'src/shared/http/x.ts', "import { buildApp } from '../../server/app';", FOLDERS),
  fires('browser ↛ server', 'src/main.tsx', "import { buildApp } from './server/app';", FOLDERS),
  quiet('browser ↛ server', 'src/customer/pages/x/Page.tsx', "import * as api from '../../../shared/api';"),
  quiet('browser ↛ server', 'src/main.tsx', "import { CustomerApp } from './customer/CustomerApp';"),

  // The server never imports the browser areas…
  fires('server ↛ browser', 'src/server/modules/x/routes.ts', "import { route } from '../../../customer/paths';", FOLDERS),
  fires('server ↛ browser', 'src/server/modules/x/routes.ts', "import App from '../../../admin/App';", FOLDERS),
  fires('server ↛ browser', 'src/server/modules/x/routes.ts', "import * as ui from '../../../shared/ui';", FOLDERS),
  fires('server ↛ browser', 'src/server/modules/x/routes.ts', "import * as http from '../../../shared/http';", FOLDERS),
  fires('server ↛ browser', 'src/server/lib/x.ts', "import * as auth from '../../shared/auth';", FOLDERS),
  quiet('server ↛ browser', 'src/server/modules/x/routes.ts', "import * as api from '../../../shared/api';"),
  quiet('server ↛ browser', 'src/server/modules/x/service.ts', "import * as domain from '../../../shared/domain';"),
  quiet('server ↛ browser', 'src/server/modules/x/staff-routes.ts', "import { buildApp } from '../../app';"),
  // …nor React, MUI, react-router or react-admin.
  fires('server ↛ React', 'src/server/lib/x.ts', "import React from 'react';", PACKAGES),
  fires('server ↛ React', 'src/server/lib/x.ts', "import { renderToString } from 'react-dom/server';", PACKAGES),
  fires('server ↛ React', 'src/server/lib/x.ts', "import Button from '@mui/material/Button';", PACKAGES),
  fires('server ↛ React', 'src/server/lib/x.ts', "import { Link } from 'react-router-dom';", PACKAGES),
  fires('server ↛ React', 'src/server/lib/x.ts', "import { List } from 'react-admin';", PACKAGES),
  quiet('server ↛ React', 'src/server/app.ts', "import Fastify from 'fastify';"),

  // Services know no HTTP: outside the route plugins and lib's HTTP glue, no Fastify at all (types included).
  fires('services ↛ Fastify', 'src/server/modules/x/service.ts', "import type { FastifyRequest } from 'fastify';", PACKAGES),
  fires('services ↛ Fastify', 'src/server/modules/tickets/messages.ts', "import type { MultipartFile } from '@fastify/multipart';", PACKAGES),
  fires('services ↛ Fastify', 'src/server/modules/x/service.ts', "import { validatorCompiler } from 'fastify-type-provider-zod';", PACKAGES),
  fires('services ↛ Fastify', 'src/server/modules/x/staff.ts', "import type { FastifyReply } from 'fastify';", PACKAGES),
  fires('services ↛ Fastify', 'src/server/modules/orders/artwork.ts', "import type { FastifyRequest } from 'fastify';", PACKAGES),
  fires('services ↛ Fastify', 'src/server/lib/list-query.ts', "import type { FastifyRequest } from 'fastify';", PACKAGES),
  fires('services ↛ Fastify', 'src/server/lib/domain-errors.ts', "import type { FastifyError } from 'fastify';", PACKAGES),
  fires('services ↛ Fastify', 'src/server/lib/artwork/x.ts', "import type { FastifyBaseLogger } from 'fastify';", PACKAGES),
  quiet('services ↛ Fastify', 'src/server/modules/x/routes.ts', "import type { FastifyPluginAsync } from 'fastify';"),
  quiet('services ↛ Fastify', 'src/server/modules/x/staff-routes.ts', "import type { FastifyPluginAsync } from 'fastify';"),
  quiet('services ↛ Fastify', 'src/server/modules/orders/export-routes.ts', "import type { FastifyPluginAsync } from 'fastify';"),
  quiet('services ↛ Fastify', 'src/server/modules/tickets/message-routes.ts', "import type { FastifyRequest } from 'fastify';"),
  quiet('services ↛ Fastify', 'src/server/lib/errors.ts', "import type { FastifyInstance } from 'fastify';"),
  quiet('services ↛ Fastify', 'src/server/lib/rest-list.ts', "import type { FastifyInstance } from 'fastify';"),
  quiet('services ↛ Fastify', 'src/server/lib/zod.ts', "import { serializerCompiler } from 'fastify-type-provider-zod';"),
  quiet('services ↛ Fastify', 'src/server/modules/x/service.ts', "import { z } from 'zod';"),

  // The artwork check job and the PDF engine are services too; the artwork routes are routes.
  fires('services ↛ Fastify', 'src/server/modules/artwork/job.ts', "import multipart from '@fastify/multipart';", PACKAGES),
  fires('services ↛ Fastify', 'src/server/modules/artwork/preflight/x.ts', "import Fastify from 'fastify';", PACKAGES),
  quiet('services ↛ Fastify', 'src/server/modules/artwork/routes.ts', "import type { FastifyRequest } from 'fastify';"),

  // src/shared imports neither browser area.
  fires('shared ↛ customer/admin', 'src/shared/auth/x.ts', "import { route } from '../../customer/paths';", FOLDERS),
  fires('shared ↛ customer/admin', 'src/shared/ui/x.tsx', "import { routes } from '../../customer/routes';", FOLDERS),
  fires('shared ↛ customer/admin', 'src/shared/http/x.ts', "import App from '../../admin/App';", FOLDERS),
  quiet('shared ↛ customer/admin', 'src/shared/auth/x.ts', "import * as http from '../http';"),
  quiet('shared ↛ customer/admin', 'src/shared/ui/x.tsx', "import * as api from '../api';"),

  // src/admin imports src/shared, and of src/customer only paths.ts.
  fires('admin ↛ customer', 'src/admin/users/UserList.tsx', "import { routes } from '../../customer/routes';", FOLDERS),
  fires('admin ↛ customer', 'src/admin/x.ts', "const page = () => import('../customer/routes');", FOLDERS),
  quiet('admin ↛ customer', 'src/admin/auth/x.ts', "import { route } from '../../customer/paths';"),
  quiet('admin ↛ customer', 'src/admin/users/UserList.tsx', "import * as ui from '../../shared/ui';"),

  // src/customer reaches the staff area only through the one lazy /admin/* route.
  fires('customer ↛ admin', 'src/customer/pages/x/Page.tsx', "import App from '../../../admin/App';", FOLDERS),
  fires('customer ↛ admin', 'src/customer/routes.tsx', "import App from '../admin/App';", FOLDERS),
  fires('customer ↛ admin', 'src/customer/pages/x/Page.tsx', "const page = () => import('../../../admin/App');", FOLDERS),
  quiet('customer ↛ admin', 'src/customer/routes.tsx', "const page = () => import('../admin/App');"),

  // src/shared/api: zod and src/shared/domain only.
  fires('shared/api ↛ project', 'src/shared/api/x.ts', "import * as http from '../http';", FOLDERS),
  fires('shared/api ↛ project', 'src/shared/api/x.ts', "import * as auth from '../auth';", FOLDERS),
  fires('shared/api ↛ project', 'src/shared/api/x.ts', "import * as ui from '../ui';", FOLDERS),
  fires('shared/api ↛ project', 'src/shared/api/x.ts', "import { route } from '../../customer/paths';", FOLDERS),
  fires('shared/api ↛ project', 'src/shared/api/x.ts', "import axios from 'axios';", PACKAGES),
  quiet('shared/api ↛ project', 'src/shared/api/x.ts', "import * as domain from '../domain';"),
  quiet('shared/api ↛ project', 'src/shared/api/x.ts', "import * as api from './index';"),
  quiet('shared/api ↛ project', 'src/shared/api/x.ts', "import { z } from 'zod';"),

  // src/shared/domain: zod and itself only.
  fires('shared/domain ↛ project', 'src/shared/domain/pricing/x.ts', "import * as api from '../../api';", FOLDERS),
  fires('shared/domain ↛ project', 'src/shared/domain/pricing/x.ts', "import * as http from '../../http';", FOLDERS),
  fires('shared/domain ↛ project', 'src/shared/domain/pricing/x.ts', "import { buildApp } from '../../../server/app';", FOLDERS),
  fires('shared/domain ↛ project', 'src/shared/domain/pricing/x.ts', "import Decimal from 'decimal.js';", PACKAGES),
  quiet('shared/domain ↛ project', 'src/shared/domain/pricing/x.ts', "import * as engine from './engine';"),
  quiet('shared/domain ↛ project', 'src/shared/domain/orders/x.ts', "import * as domain from '..';"),
  quiet('shared/domain ↛ project', 'src/shared/domain/pricing/x.ts', "import { z } from 'zod/mini';"),

  // react-admin and ra-* only in src/admin (and its tests).
  fires('react-admin only in admin', 'src/customer/pages/x/Page.tsx', "import { List } from 'react-admin';", PACKAGES),
  fires('react-admin only in admin', 'src/customer/api/x.ts', "import simpleRest from 'ra-data-simple-rest';", PACKAGES),
  fires('react-admin only in admin', 'src/shared/ui/x.tsx', "import { useNotify } from 'react-admin';", PACKAGES),
  fires('react-admin only in admin', 'src/main.tsx', "import { Admin } from 'react-admin';", PACKAGES),
  fires('react-admin only in admin', 'tests/customer/x.test.tsx', "import { List } from 'react-admin';", PACKAGES),
  quiet('react-admin only in admin', 'src/admin/users/UserList.tsx', "import { List } from 'react-admin';"),
  quiet('react-admin only in admin', 'src/admin/dataProvider/x.ts', "import simpleRest from 'ra-data-simple-rest';"),
  quiet('react-admin only in admin', 'tests/admin/x.test.tsx', "import { useRecordContext } from 'ra-core';"),

  // Every file under src/ belongs to a folder the table knows, so nothing escapes the rules.
  fires('no unknown folder', 'src/elsewhere/x.ts', 'export const x = 1;', 'boundaries/no-unknown-files'),
];

/** The project file a relative specifier names, or null (a package). */
function target(file: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = resolve(root, dirname(file), specifier);
  const found = ['.ts', '.tsx', '/index.ts', '/index.tsx'].map((ext) => base + ext).find(existsSync);
  return found ?? base;
}

describe('import rules of the house (eslint.config.js)', () => {
  let eslint: ESLint;
  beforeAll(() => {
    eslint = new ESLint({ cwd: root });
  });

  it.each(cases)('$rule: $file ← $code', async ({ file, code, fires: ruleId }) => {
    // A case about a project file must name one that exists, or it would prove nothing.
    const specifier = /(?:from|import\()\s*'([^']+)'/.exec(code)?.[1];
    const path = specifier && target(file, specifier);
    if (path) expect(existsSync(path), `${specifier} from ${file} names no file`).toBe(true);

    const [result] = await eslint.lintText(code, { filePath: resolve(root, file) });
    const found = result.messages.filter((m) => m.ruleId && BOUNDARY_RULES.has(m.ruleId)).map((m) => m.ruleId);
    expect(found).toEqual(ruleId ? [ruleId] : []);
  });

  it('covers every rule of DESIGN §1 both ways', () => {
    const rules = new Set(cases.map((c) => c.rule));
    for (const rule of rules) {
      if (rule === 'no unknown folder') continue;
      expect(
        cases.some((c) => c.rule === rule && c.fires),
        `${rule} has no violation case`,
      ).toBe(true);
      expect(
        cases.some((c) => c.rule === rule && !c.fires),
        `${rule} has no allowed case`,
      ).toBe(true);
    }
  });
});
