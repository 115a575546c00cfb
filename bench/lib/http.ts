import http from 'node:http';
import zlib from 'node:zlib';

export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body as it crossed the wire (compressed when the server compressed it). */
  wireBytes: number;
  body: Buffer;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

/**
 * One HTTP request as a browser sends it, without fetch's transparent decompression, so that the
 * body is counted as it travels. `localAddress` picks the source address on loopback
 * (127.0.0.2, …): one client IP per caller, as the login limits see them.
 */
export function rawRequest(
  url: string,
  opts: { method?: string; headers?: Record<string, string>; body?: string; localAddress?: string } = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method: opts.method ?? 'GET', headers: opts.headers, agent: opts.localAddress ? undefined : agent, localAddress: opts.localAddress },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          resolve({ status: res.statusCode ?? 0, headers: res.headers, wireBytes: body.length, body });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    if (opts.body !== undefined) req.end(opts.body);
    else req.end();
  });
}

/**
 * A request on the agent's kept-alive connections, as a browser asks (brotli or gzip) and with the
 * answer decoded. node:http, not fetch(): fetch() spent 3 ms of CPU per answer here, as much as the
 * server's work, on the same two cores, and its time is part of what a timed request measures.
 */
export function sendDecoded(
  agent: http.Agent,
  method: string,
  url: string,
  headers: Record<string, string>,
  body?: string,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const sized =
      body === undefined ? {} : { 'content-type': headers['content-type'] ?? 'application/json', 'content-length': String(Buffer.byteLength(body)) };
    const req = http.request(url, { method, agent, headers: { 'accept-encoding': 'gzip, deflate, br, zstd', ...headers, ...sized } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        const encoding = res.headers['content-encoding'];
        const decoded = encoding === 'br' ? zlib.brotliDecompressSync(raw) : encoding === 'gzip' ? zlib.gunzipSync(raw) : raw;
        resolve({ status: res.statusCode ?? 0, body: decoded.toString('utf8') });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}
