// Every server test file that touches a database has a decision on PostgreSQL (tests/server/databases.json):
// run there too, or on the embedded database only. A new file in neither list fails here.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import databases from '../server/databases.json';

const { onPostgres: ON_POSTGRES, embeddedOnly: EMBEDDED_ONLY } = databases as Record<'onPostgres' | 'embeddedOnly', Record<string, string>>;

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const serverTests = resolve(root, 'tests/server');

/** What opens a database: the test app, the database client, a database of its own on a server. */
const DATABASE_MODULES = [
  'tests/server/helpers/app.ts',
  'src/server/db/client.ts',
  'tests/helpers/throwaway-database.ts',
  'tests/helpers/database-template.ts',
].map((file) => resolve(root, file));

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = resolve(dir, entry.name);
    if (entry.isDirectory()) return testFiles(full);
    return entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** The relative imports of a file, resolved to files (static, dynamic and re-exports). */
function importsOf(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  const specifiers = [...source.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)['"](\.{1,2}\/[^'"]+)['"]/g)].map((m) => m[1]);
  return specifiers.flatMap((specifier) => {
    const base = resolve(dirname(file), specifier);
    const found = [base, `${base}.ts`, `${base}.tsx`, resolve(base, 'index.ts')].find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
    return found ? [found] : [];
  });
}

/** Whether a file reaches a database module through the test tree's own imports. */
function touchesDatabase(file: string, seen = new Set<string>()): boolean {
  if (DATABASE_MODULES.includes(file)) return true;
  if (seen.has(file) || !file.startsWith(resolve(root, 'tests'))) return false;
  seen.add(file);
  return importsOf(file).some((imported) => touchesDatabase(imported, seen));
}

const files = testFiles(serverTests).map((file) => ({ name: relative(serverTests, file), touches: touchesDatabase(file) }));

describe('server test files on PostgreSQL', () => {
  it('finds the test files that open a database, and those that do not', () => {
    const touching = files.filter((f) => f.touches).map((f) => f.name);
    expect(touching).toContain('orders/orders.test.ts');
    expect(touching).toContain('jobs.test.ts');
    expect(files.find((f) => f.name === 'zip-crc.test.ts')?.touches).toBe(false);
  });

  it('names every file that touches a database in exactly one list, with a reason', () => {
    const undecided = files.filter((f) => f.touches && !(f.name in ON_POSTGRES) && !(f.name in EMBEDDED_ONLY)).map((f) => f.name);
    expect(undecided, 'add each to onPostgres or embeddedOnly in tests/server/databases.json').toEqual([]);
    expect(Object.keys(ON_POSTGRES).filter((name) => name in EMBEDDED_ONLY)).toEqual([]);
    for (const reason of [...Object.values(ON_POSTGRES), ...Object.values(EMBEDDED_ONLY)]) expect(reason.trim()).not.toBe('');
  });

  it('names no file that is gone or that opens no database', () => {
    const touching = new Set(files.filter((f) => f.touches).map((f) => f.name));
    expect([...Object.keys(ON_POSTGRES), ...Object.keys(EMBEDDED_ONLY)].filter((name) => !touching.has(name))).toEqual([]);
  });
});
