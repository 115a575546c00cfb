import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { requestsInFlight } from '../../src/server/lib/in-flight';

/** The count the job queue waits on (lib/in-flight): up while a request is answered, down when it is sent or the client leaves. */
describe('requests in flight', () => {
  let server: http.Server | undefined;
  afterEach(
    () =>
      new Promise<void>((resolve) => {
        if (!server) return resolve();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );

  it('counts a request until its answer is sent, and one whose client went away', async () => {
    const held: http.ServerResponse[] = [];
    server = http.createServer((_request, response) => void held.push(response));
    const answering = requestsInFlight(server);
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    const until = async (done: () => boolean) => {
      for (const deadline = Date.now() + 5000; !done() && Date.now() < deadline;) await new Promise((r) => setTimeout(r, 5));
    };
    expect(answering()).toBe(0);

    const answered = fetch(url).then((r) => r.text());
    const abort = new AbortController();
    const abandoned = fetch(url, { signal: abort.signal }).catch(() => 'aborted');
    await until(() => held.length === 2);
    expect(answering()).toBe(2);

    held[0].end('done');
    expect(await answered).toBe('done');
    await until(() => answering() === 1);
    expect(answering()).toBe(1);

    abort.abort();
    expect(await abandoned).toBe('aborted');
    await until(() => answering() === 0);
    expect(answering()).toBe(0);
  });
});
