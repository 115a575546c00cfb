import { Transform } from 'node:stream';

/**
 * Passes at most `limit` bytes of an upload on. Past that it goes on reading the upload to its end,
 * dropping the rest, so the request is answered with a 422 (`over()`) rather than cut off.
 */
export function capped(limit: number): { stream: Transform; over: () => boolean } {
  let seen = 0;
  let over = false;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const room = limit - seen;
      seen += chunk.length;
      if (room >= chunk.length) return done(null, chunk);
      over = true;
      done(null, room > 0 ? chunk.subarray(0, room) : undefined);
    },
  });
  return { stream, over: () => over };
}
