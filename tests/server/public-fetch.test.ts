import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkPublicUrl, isNonPublicAddress, publicFetch, PublicFetchError } from '../../src/server/lib/public-fetch';

/** A server on `host` whose answers the tests choose by path. */
async function serve(host: string, handler: http.RequestListener): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function failure(promise: Promise<unknown>): Promise<PublicFetchError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PublicFetchError);
  return error as PublicFetchError;
}

/** Fetches and reads the whole body; the body's own failure (too large, too slow) rejects too. */
async function fetchText(url: string, options: Parameters<typeof publicFetch>[1]): Promise<string> {
  const result = await publicFetch(url, options);
  return text(result.body);
}

const MB = 1024 * 1024;

describe('checkPublicUrl (the early answer, before any fetch)', () => {
  it.each([
    ['ftp://example.com/a.pdf', 'scheme', 'Only http:// and https:// addresses can be fetched, not ftp:.'],
    ['file:///etc/passwd', 'scheme', 'Only http:// and https:// addresses can be fetched, not file:.'],
    ['not a url', 'malformed', 'Give the full address of the file, starting with https://.'],
    ['https://user:secret@example.com/a.pdf', 'credentials', expect.stringContaining('user name or password')],
    ['http://127.0.0.1/a.pdf', 'address', 'The address 127.0.0.1 is not on the public internet.'],
    ['http://localhost:8080/a.pdf', 'address', 'The address localhost is not on the public internet.'],
    ['http://10.1.2.3/a.pdf', 'address', 'The address 10.1.2.3 is not on the public internet.'],
    ['http://169.254.169.254/latest/meta-data/', 'address', 'The address 169.254.169.254 is not on the public internet.'],
    ['http://100.64.0.1/a.pdf', 'address', 'The address 100.64.0.1 is not on the public internet.'],
    ['http://[::1]/a.pdf', 'address', 'The address [::1] is not on the public internet.'],
    ['http://[fd00::1]/a.pdf', 'address', 'The address [fd00::1] is not on the public internet.'],
    ['http://[fe80::1]/a.pdf', 'address', 'The address [fe80::1] is not on the public internet.'],
    ['http://[::ffff:127.0.0.1]/a.pdf', 'address', 'The address [::ffff:7f00:1] is not on the public internet.'],
    ['http://0.0.0.0/a.pdf', 'address', 'The address 0.0.0.0 is not on the public internet.'],
  ])('refuses %s', (url, reason, message) => {
    let error: unknown;
    try {
      checkPublicUrl(url);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(PublicFetchError);
    expect(error).toMatchObject({ reason, message });
  });

  it('lets a public address through, and a private one with allowPrivate', () => {
    expect(checkPublicUrl(' https://files.example.com/a.pdf ').href).toBe('https://files.example.com/a.pdf');
    expect(checkPublicUrl('http://127.0.0.1:9/a.pdf', { allowPrivate: true }).hostname).toBe('127.0.0.1');
    expect(isNonPublicAddress('8.8.8.8')).toBe(false);
    expect(isNonPublicAddress('2606:4700::1111')).toBe(false);
  });
});

describe('publicFetch without allowPrivate: the address rule at connect time', () => {
  let local: Awaited<ReturnType<typeof serve>>;
  let first: Awaited<ReturnType<typeof serve>>;
  beforeAll(async () => {
    local = await serve('127.0.0.1', (_req, res) => res.end('%PDF-1.4 secret'));
    // The first hop is served from 127.0.0.2 and trusted as if public (no setting reaches
    // `trustedAddresses`): the redirect it answers goes to 127.0.0.1, which the real check refuses.
    first = await serve('127.0.0.2', (req, res) => {
      const target = req.url === '/to-loopback' ? `${local.url}/file.pdf` : req.url === '/to-metadata' ? 'http://169.254.169.254/latest/meta-data/' : null;
      if (target) res.writeHead(302, { location: target }).end();
      else if (req.url === '/to-localhost-name') res.writeHead(302, { location: `http://localhost:${new URL(local.url).port}/file.pdf` }).end();
      else res.end('%PDF-1.4 public');
    });
  });
  afterAll(async () => {
    await local.close();
    await first.close();
  });

  it('refuses a name that resolves to a private address when it connects (names have no early answer)', async () => {
    // The name resolves to 127.0.0.1 (and, for a second name, to a public and a private address):
    // what refuses them is the agent's check of every resolved address as it connects.
    const lookup = ((hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
      const addresses =
        hostname === 'files.example.test'
          ? [{ address: '127.0.0.1', family: 4 }]
          : [
              { address: '93.184.215.14', family: 4 },
              { address: '10.0.0.7', family: 4 },
            ];
      if (options.all) callback(null, addresses);
      else callback(null, addresses[0].address, addresses[0].family);
    }) as unknown as NonNullable<Parameters<typeof publicFetch>[1]['lookup']>;
    const port = new URL(local.url).port;
    expect(await failure(fetchText(`http://files.example.test:${port}/file.pdf`, { maxBytes: MB, lookup }))).toMatchObject({
      reason: 'address',
      message: 'The address files.example.test (127.0.0.1) is not on the public internet.',
    });
    expect(await failure(fetchText(`http://mixed.example.test:${port}/file.pdf`, { maxBytes: MB, lookup }))).toMatchObject({
      reason: 'address',
      message: 'The address mixed.example.test (10.0.0.7) is not on the public internet.',
    });
  });

  it('fetches from the trusted first hop, proving the hop itself is reachable', async () => {
    expect(await fetchText(`${first.url}/plain`, { maxBytes: MB, trustedAddresses: ['127.0.0.2'] })).toBe('%PDF-1.4 public');
  });

  it('refuses a redirect to 127.0.0.1, to localhost and to the metadata address', async () => {
    const options = { maxBytes: MB, trustedAddresses: ['127.0.0.2'] };
    expect(await failure(fetchText(`${first.url}/to-loopback`, options))).toMatchObject({
      reason: 'address',
      message: 'The address 127.0.0.1 is not on the public internet.',
    });
    expect(await failure(fetchText(`${first.url}/to-localhost-name`, options))).toMatchObject({
      reason: 'address',
      message: 'The address localhost is not on the public internet.',
    });
    expect(await failure(fetchText(`${first.url}/to-metadata`, options))).toMatchObject({
      reason: 'address',
      message: 'The address 169.254.169.254 is not on the public internet.',
    });
  });
});

describe('publicFetch with allowPrivate (a local server)', () => {
  let server: Awaited<ReturnType<typeof serve>>;
  beforeAll(async () => {
    server = await serve('127.0.0.1', (req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      const hops = Number(url.searchParams.get('hops') ?? 0);
      if (url.pathname === '/redirect') {
        res.writeHead(302, { location: hops > 1 ? `/redirect?hops=${hops - 1}` : '/file.pdf' }).end();
      } else if (url.pathname === '/to-ftp') {
        res.writeHead(301, { location: 'ftp://example.com/a.pdf' }).end();
      } else if (url.pathname === '/file.pdf') {
        res.writeHead(200, { 'content-type': 'application/pdf' }).end('%PDF-1.4 file');
      } else if (url.pathname === '/big-declared') {
        res.writeHead(200, { 'content-length': String(2 * MB) }).end(Buffer.alloc(2 * MB));
      } else if (url.pathname === '/big-chunked') {
        // No Content-Length: the limit is applied while the body streams.
        res.writeHead(200);
        const chunk = Buffer.alloc(256 * 1024, 1);
        let sent = 0;
        const more = () => {
          while (sent < 8 * MB) {
            sent += chunk.length;
            if (!res.write(chunk)) return void res.once('drain', more);
          }
          res.end();
        };
        more();
      } else if (url.pathname === '/slow') {
        res.writeHead(200);
        res.write('%PDF-');
        // Never ends: only the time-out ends the fetch.
      } else if (url.pathname === '/silent') {
        // No answer at all.
      } else {
        res.writeHead(404).end('no');
      }
    });
  });
  afterAll(() => server.close());
  const options = { maxBytes: MB, allowPrivate: true };

  it('fetches a file, following up to 3 redirects', async () => {
    expect(await fetchText(`${server.url}/file.pdf`, options)).toBe('%PDF-1.4 file');
    expect(await fetchText(`${server.url}/redirect?hops=3`, options)).toBe('%PDF-1.4 file');
  });

  it('gives up after 3 redirects', async () => {
    expect(await failure(fetchText(`${server.url}/redirect?hops=4`, options))).toMatchObject({ reason: 'redirects', message: 'More than 3 redirects.' });
  });

  it('refuses a redirect to another scheme', async () => {
    expect(await failure(fetchText(`${server.url}/to-ftp`, options))).toMatchObject({ reason: 'scheme' });
  });

  it('says what the server answered', async () => {
    expect(await failure(fetchText(`${server.url}/missing`, options))).toMatchObject({ reason: 'status', message: 'The server answered 404 (Not Found).' });
  });

  it('refuses a body over the limit, declared or streamed', async () => {
    expect(await failure(fetchText(`${server.url}/big-declared`, options))).toMatchObject({
      reason: 'too-large',
      message: 'The file is larger than 1 MB, the largest we accept.',
    });
    expect(await failure(fetchText(`${server.url}/big-chunked`, options))).toMatchObject({ reason: 'too-large' });
  });

  it('times out on a server that never answers, and on one that never finishes', async () => {
    expect(await failure(fetchText(`${server.url}/silent`, { ...options, timeoutMs: 300 }))).toMatchObject({
      reason: 'timeout',
      message: 'No answer within 0.3 seconds.',
    });
    expect(await failure(fetchText(`${server.url}/slow`, { ...options, timeoutMs: 300 }))).toMatchObject({ reason: 'timeout' });
  });

  it('says when the server cannot be reached', async () => {
    const closed = await serve('127.0.0.1', () => {});
    await closed.close();
    expect(await failure(fetchText(`${closed.url}/file.pdf`, options))).toMatchObject({
      reason: 'unreachable',
      message: 'The server could not be reached (ECONNREFUSED).',
    });
    expect(await failure(fetchText('http://no-such-host.invalid/file.pdf', options))).toMatchObject({
      reason: 'unreachable',
      message: expect.stringMatching(/^The server could not be reached \((ENOTFOUND|EAI_AGAIN)\)\.$/),
    });
  });
});
