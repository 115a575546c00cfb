import { build } from 'vite';
import { distIsStale } from './build-if-stale';

// `npm start`: build the web app when dist/ is missing or stale, then serve it and the API.
if (distIsStale()) {
  console.log('Building the web app (dist/ is missing or older than its sources)…');
  await build({ logLevel: 'warn' });
}
await import('../src/server/main');
