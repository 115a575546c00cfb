import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The first-page budget (≤ 150 kB of JS for /login, bench/bundle.ts) holds only while the first page of a visit loads
 * no MUI or emotion: react-dom, the router and axios take most of it. This follows the static
 * imports (what the bundler must load with a module; `import()` starts a chunk of its own) from the
 * entry and from each signed-out page and its layout, and fails on any MUI or emotion package.
 * bench/bundle.ts measures the real build.
 */
const ROOT = path.resolve(__dirname, '../..');
const STARTS = [
  'src/main.tsx',
  'src/customer/layouts/PlainLayout.tsx',
  'src/customer/pages/auth/LoginPage.tsx',
  'src/customer/pages/auth/RegisterPage.tsx',
  'src/customer/pages/auth/PasswordRequestPage.tsx',
  'src/customer/pages/auth/PasswordResetPage.tsx',
];
const FORBIDDEN = /^@mui\/|^@emotion\//;

/** The specifiers a module imports statically for their values (type-only imports are erased). */
function staticImports(source: string): string[] {
  const found: string[] = [];
  const statement = /^\s*(import|export)\s+(type\s+)?([^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;
  for (const match of source.matchAll(statement)) {
    if (match[2]) continue; // import type … / export type …
    if (match[1] === 'export' && !match[3]) continue;
    found.push(match[4]);
  }
  return found;
}

function resolveLocal(from: string, specifier: string): string | null {
  const base = path.resolve(path.dirname(from), specifier);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')];
  return candidates.find((candidate) => statSync(candidate, { throwIfNoEntry: false })?.isFile()) ?? null;
}

/** Every package the modules reachable from `start` import, with the module that imports it. */
function packagesReachedFrom(start: string): Map<string, string> {
  const packages = new Map<string, string>();
  const seen = new Set<string>();
  const queue = [path.join(ROOT, start)];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    if (!/\.(ts|tsx)$/.test(file)) continue; // CSS and the like
    for (const specifier of staticImports(readFileSync(file, 'utf8'))) {
      if (specifier.startsWith('.')) {
        const resolved = resolveLocal(file, specifier);
        if (!resolved) throw new Error(`${path.relative(ROOT, file)}: cannot resolve ${specifier}`);
        queue.push(resolved);
      } else if (!packages.has(specifier)) {
        packages.set(specifier, path.relative(ROOT, file));
      }
    }
  }
  return packages;
}

describe('the signed-out pages load no MUI', () => {
  it.each(STARTS)('%s imports no MUI or emotion, directly or through its imports', (start) => {
    const offenders = [...packagesReachedFrom(start)]
      .filter(([specifier]) => FORBIDDEN.test(specifier))
      .map(([specifier, by]) => `${specifier} (imported by ${by})`);
    expect(offenders).toEqual([]);
  });

  it('the check sees MUI where it is (the signed-in layout)', () => {
    const packages = packagesReachedFrom('src/customer/layouts/DefaultLayout.tsx');
    expect([...packages.keys()].some((specifier) => FORBIDDEN.test(specifier))).toBe(true);
  });
});
