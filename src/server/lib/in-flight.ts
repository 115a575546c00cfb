import type { Server } from 'node:http';

/**
 * Counts the requests the server is answering now, for background work that waits for a quiet
 * moment (the job queue). A response's `close` comes once, whether it was sent or the client left.
 */
export function requestsInFlight(server: Server): () => number {
  let answering = 0;
  const done = () => answering--;
  server.on('request', (_request, response) => {
    answering++;
    response.once('close', done);
  });
  return () => answering;
}
