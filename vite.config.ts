import { readFileSync } from 'node:fs';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text files worth a compressed twin; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:html|js|mjs|css|svg|json|txt|xml|webmanifest|map|ico)$/;
/** Below this a compressed file saves less than a packet and costs a file lookup. */
const MIN_BYTES = 1024;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(entries.map((e) => (e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [path.join(dir, e.name)])));
  return nested.flat();
}

/**
 * Writes `<file>.br` (brotli, best quality) and `<file>.gz` (gzip -9) beside each text file of the
 * built app, where that is smaller; @fastify/static (`preCompressed`) sends them to browsers that
 * accept them, with no compression per request. Returns the bytes before and after (brotli).
 */
async function precompressDir(dir: string): Promise<{ files: number; bytes: number; brotliBytes: number }> {
  const files = (await filesUnder(dir)).filter((f) => COMPRESSIBLE.test(f));
  let bytes = 0;
  let brotliBytes = 0;
  let count = 0;
  await Promise.all(
    files.map(async (file) => {
      if ((await stat(file)).size < MIN_BYTES) return;
      const body = await readFile(file);
      const [br, gz] = await Promise.all([
        brotli(body, {
          params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
        }),
        gzip(body, { level: zlib.constants.Z_BEST_COMPRESSION }),
      ]);
      count++;
      bytes += body.length;
      brotliBytes += Math.min(br.length, body.length);
      if (br.length < body.length) await writeFile(`${file}.br`, br);
      if (gz.length < body.length) await writeFile(`${file}.gz`, gz);
    }),
  );
  return { files: count, bytes, brotliBytes };
}

/** Once the bundle is written, compress it. */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const { files, bytes, brotliBytes } = await precompressDir(outDir);
      console.log(
        `precompressed ${files} files: ${(bytes / 1024).toFixed(0)} kB → ${(brotliBytes / 1024).toFixed(0)} kB with brotli (.br and .gz beside each)`,
      );
    },
  };
}

/**
 * Fewer, larger chunks for the first load (the server speaks HTTP/1.1: six connections, so forty
 * small chunks wait in line behind each other, and the session check behind them). Groups, each
 * one chunk, from the module graph once it is built:
 * - `app`: everything the entry (src/main.tsx) loads statically (React, the router, the http
 *   client), in one chunk rather than in the pieces the staff area shares with it;
 * - `react-query`: the query cache of the customer pages (and of react-admin);
 * - `signed-in`: the libraries the signed-in layout loads beyond those (MUI, emotion), and
 *   `signed-in-app`: the customer code it loads (the staff area, which shares MUI, never loads
 *   customer code);
 * Nothing a signed-out page loads is grouped with signed-in code: /login and the other plain
 * pages load no MUI, and keep their own small chunks.
 */
const ROOT = path.dirname(fileURLToPath(import.meta.url));
const inRoot = (...parts: string[]) => path.join(ROOT, ...parts);
const ENTRY = inRoot('src/main.tsx');
const SIGNED_IN_LAYOUT = inRoot('src/customer/layouts/DefaultLayout.tsx');
/** The signed-out layout and its pages (routes.tsx, layout 'plain'). */
const SIGNED_OUT = [inRoot('src/customer/layouts/PlainLayout.tsx'), inRoot('src/customer/pages/auth') + path.sep];
const CUSTOMER_CODE = inRoot('src/customer') + path.sep;
const NODE_MODULES = /[\\/]node_modules[\\/]/;

/** Everything reachable from `roots` by `next` (a module's or a chunk's static imports), the roots included. */
function reachable(roots: readonly string[], next: (node: string) => readonly string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length) {
    const node = queue.pop()!;
    if (seen.has(node)) continue;
    seen.add(node);
    queue.push(...next(node));
  }
  return seen;
}

type ChunkGroup = { name: string; test: (id: string) => boolean; priority: number; includeDependenciesRecursively?: boolean };

function firstLoadChunks(): { plugin: Plugin; groups: ChunkGroup[] } {
  const app = new Set<string>();
  const signedIn = new Set<string>();
  const plugin: Plugin = {
    name: 'first-load-chunks',
    apply: 'build',
    buildEnd() {
      // Static imports only: what loading a module makes the browser load with it.
      const closure = (roots: string[]) => reachable(roots, (id) => this.getModuleInfo(id)?.importedIds ?? []);
      const ids = [...this.getModuleIds()];
      const signedOut = closure(ids.filter((id) => SIGNED_OUT.some((root) => id === root || id.startsWith(root))));
      for (const id of closure([ENTRY])) app.add(id);
      for (const id of closure([SIGNED_IN_LAYOUT])) if (!app.has(id) && !signedOut.has(id)) signedIn.add(id);
    },
  };
  const customer = (id: string) => id.startsWith(CUSTOMER_CODE);
  return {
    plugin,
    groups: [
      { name: 'app', test: (id) => app.has(id), priority: 5 },
      { name: 'react-query', test: (id) => /[\\/]node_modules[\\/]@tanstack[\\/]/.test(id), priority: 4 },
      { name: 'signed-in', test: (id) => signedIn.has(id) && NODE_MODULES.test(id), priority: 3 },
      { name: 'signed-in-app', test: (id) => signedIn.has(id) && customer(id), priority: 2, includeDependenciesRecursively: false },
    ],
  };
}
const chunks = firstLoadChunks();

/**
 * The signed-in pages' chunks, per route, for the server to announce in the page's HTML
 * (`<link rel="modulepreload">`) when the browser holds a session cookie: the signed-in layout's
 * libraries and the page's code then download beside the entry script instead of after it has run
 * (the Lighthouse goal of /prices). Signed-out pages get nothing: /login stays as light.
 *
 * The pages are read from the route table (src/customer/routes.tsx), rows of the `default` layout:
 * `{ ...named('prices'), …, layout: 'default', page: () => import('./pages/prices/PricesPage') }`.
 */
function routePreloads(root: string): Plugin {
  const customerDir = path.join(root, 'src/customer');
  return {
    name: 'route-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const source = readFileSync(path.join(customerDir, 'routes.tsx'), 'utf8');
      const layout = /default:\s*\(\)\s*=>\s*import\('([^']+)'\)/.exec(source)?.[1];
      const rows = [...source.matchAll(/named\('([^']+)'\)[^\n]*?layout:\s*'default'[^\n]*?page:\s*\(\)\s*=>\s*import\('([^']+)'\)/g)];
      if (!layout || !rows.length) throw new Error('route-preloads: no signed-in layout or pages found in src/customer/routes.tsx');

      const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const chunkOf = (module: string) => {
        const id = path.join(customerDir, module);
        const found = chunks.find((chunk) => chunk.moduleIds.some((m) => m === `${id}.tsx` || m === `${id}.ts`));
        if (!found) throw new Error(`route-preloads: no chunk holds ${module}`);
        return found.fileName;
      };
      // A chunk and what it imports statically: what loading it makes the browser fetch.
      const closure = (roots: string[]) => reachable(roots, (file) => byFile.get(file)?.imports ?? []);
      const entry = closure(chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName));
      const layoutFiles = closure([chunkOf(layout)]);
      // The paths by name, from the one place that names them (src/customer/paths.ts).
      const paths = new Map(
        [...readFileSync(path.join(customerDir, 'paths.ts'), 'utf8').matchAll(/\{\s*path:\s*'([^']+)',\s*name:\s*'([^']+)'\s*\}/g)].map(([, p, n]) => [n, p]),
      );
      const preloads = rows.map(([, name, page]) => {
        const pattern = paths.get(name);
        if (!pattern) throw new Error(`route-preloads: no path named ${name}`);
        const files = new Set([...layoutFiles, ...closure([chunkOf(page)])]);
        return { path: pattern, files: [...files].filter((file) => !entry.has(file)).map((file) => `/${file}`) };
      });
      this.emitFile({ type: 'asset', fileName: 'route-preloads.json', source: `${JSON.stringify(preloads, null, 1)}\n` });
    },
  };
}

// The API server the dev server proxies to (`npm run dev`); in production Fastify serves dist/ itself.
const apiTarget = process.env.API_URL ?? `http://127.0.0.1:${process.env.API_PORT ?? 3001}`;

export default defineConfig({
  // precompress: a .br and a .gz beside each built text file, served as they are (src/server/lib/spa.ts).
  // routePreloads: each signed-in page's chunks, which the server announces in its HTML (src/server/lib/spa.ts).
  plugins: [react(), precompress(), chunks.plugin, routePreloads(ROOT)],
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: { output: { codeSplitting: { groups: chunks.groups } } },
  },
  server: {
    port: Number(process.env.PORT ?? 3000),
    strictPort: true,
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
});
