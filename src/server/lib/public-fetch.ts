import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { Transform, type Readable } from 'node:stream';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent, type RequestFilteringAgentOptions } from 'request-filtering-agent';

/**
 * Fetching a file from an address a customer gave us (artwork by URL), safely: the server must not
 * become a way into the networks behind it. Every connection goes through request-filtering-agent,
 * which checks each address the host name resolves to at connect time (so a name that resolves to
 * 127.0.0.1, or re-resolves to it after a first check, is refused): no loopback, private,
 * link-local, carrier-grade NAT, cloud metadata (169.254.169.254), IPv6 unique-local or link-local,
 * or unspecified address. Redirects are followed here, one hop at a time, each through the same
 * check; the body is streamed and cut off the moment it passes the limit; one time-out covers the
 * whole fetch, body included. Every failure is a PublicFetchError whose message a customer can read.
 */

export const DEFAULT_FETCH_TIMEOUT_MS = 60_000;
export const MAX_REDIRECTS = 3;
const MB = 1024 * 1024;

export type PublicFetchFailure = 'address' | 'scheme' | 'credentials' | 'redirects' | 'status' | 'too-large' | 'timeout' | 'unreachable' | 'malformed';

/** A fetch that did not bring a file, with a reason a customer can act on. */
export class PublicFetchError extends Error {
  constructor(
    readonly reason: PublicFetchFailure,
    message: string,
  ) {
    super(message);
    this.name = 'PublicFetchError';
  }
}

export interface PublicAddressRule {
  /** Lifts the address rule alone (ARTWORK_FETCH_ALLOW_PRIVATE, WEBHOOK_ALLOW_PRIVATE): local tests only. */
  allowPrivate?: boolean;
  /**
   * Addresses or CIDR ranges treated as public though they are not. No setting reaches this: it lets
   * a test serve a first hop from 127.0.0.2 and see a redirect to 127.0.0.1 refused by the real check.
   */
  trustedAddresses?: string[];
}

export interface PublicFetchOptions extends PublicAddressRule {
  /** The body may be this long at most; one byte more and the fetch fails ("larger than … MB"). */
  maxBytes: number;
  /** The whole fetch, every hop and the body, within this (default 60 s). */
  timeoutMs?: number;
  /** Stops the fetch (a job whose lease was lost); the body then fails with the signal's reason. */
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /**
   * Resolves host names instead of the system's resolver. Tests only: the agent still judges every
   * address it answers, so a name made to resolve to 127.0.0.1 shows the check at connect time.
   */
  lookup?: LookupFunction;
}

export interface PublicFetchResult {
  /** The address the body came from, after redirects. */
  url: string;
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body, at most `maxBytes`; it errors with a PublicFetchError past the limit or the time-out. Read it to the end, or destroy it. */
  body: Readable;
}

function agentOptions(rule: PublicAddressRule): RequestFilteringAgentOptions {
  return { allowPrivateIPAddress: Boolean(rule.allowPrivate), allowMetaIPAddress: false, allowIPAddressList: rule.trustedAddresses ?? [] };
}

/**
 * An agent for `url` that connects to public addresses only (or any, with `allowPrivate`), checked
 * at connect time for every address a name resolves to. For any outgoing request to an address a
 * customer chose (a webhook delivery too): pass it as the request's `agent`, and follow no redirect
 * without a new check (publicFetch does that).
 */
export function publicAgent(url: URL | string, rule: PublicAddressRule = {}): http.Agent {
  const protocol = typeof url === 'string' ? (url.endsWith(':') ? url : new URL(url).protocol) : url.protocol;
  const options = { ...agentOptions(rule), keepAlive: false };
  return protocol === 'https:' ? new RequestFilteringHttpsAgent(options) : new RequestFilteringHttpAgent(options);
}

/** One such agent per protocol, for a sender that keeps its agents (webhook deliveries). */
export function publicAgents(rule: PublicAddressRule = {}): { 'http:': http.Agent; 'https:': http.Agent } {
  return { 'http:': publicAgent('http:', rule), 'https:': publicAgent('https:', rule) };
}

/**
 * The IP ranges that are not the public internet (IANA special-purpose registries), for the early
 * answer to an address written as an IP: the agent's check at connect time is the one that holds,
 * for names too; this one only spares the customer a job to learn that 10.1.2.3 is private.
 */
const NOT_PUBLIC_V4 = new BlockList();
// Apart: Node's BlockList matches an IPv4 address against IPv4-mapped IPv6 rules, so ::ffff:0:0/96 in one list would cover every IPv4 address.
const NOT_PUBLIC_V6 = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  NOT_PUBLIC_V4.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['::ffff:0:0', 96],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  NOT_PUBLIC_V6.addSubnet(net, prefix, 'ipv6');

/** Whether an IP address (v4 or v6, no brackets) is outside the public internet. */
export function isNonPublicAddress(address: string): boolean {
  const version = isIP(address);
  if (version === 4) return NOT_PUBLIC_V4.check(address, 'ipv4');
  return version === 6 && NOT_PUBLIC_V6.check(address, 'ipv6');
}

const notPublic = (host: string) => new PublicFetchError('address', `The address ${host} is not on the public internet.`);

/**
 * The address a customer gave, parsed and judged before anything is fetched: a full http(s)
 * address, without a user name or password, and (without `allowPrivate`) not an IP or name that is
 * plainly not public. Names are judged again, each resolved address, at connect time.
 */
export function checkPublicUrl(raw: string, rule: PublicAddressRule = {}): URL {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new PublicFetchError('malformed', 'Give the full address of the file, starting with https://.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new PublicFetchError('scheme', `Only http:// and https:// addresses can be fetched, not ${url.protocol.replace(/:$/, '')}:.`);
  if (url.username || url.password)
    throw new PublicFetchError('credentials', 'An address with a user name or password in it cannot be fetched: share a link that opens without signing in.');
  if (!url.hostname) throw new PublicFetchError('malformed', 'Give the full address of the file, starting with https://.');
  if (!rule.allowPrivate) {
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (isNonPublicAddress(host) && !rule.trustedAddresses?.includes(host)) throw notPublic(url.hostname);
    if (host === 'localhost' || host.endsWith('.localhost')) throw notPublic(url.hostname);
  }
  return url;
}

/** The agent's refusal ("DNS lookup 10.0.0.1(family:4, host:x) is not allowed…") as a customer reads it. */
function refusalOf(error: Error, url: URL): PublicFetchError | null {
  if (!/is not allowed\. Because/.test(error.message)) return null;
  const address = /DNS lookup ([^(\s]+)\(/.exec(error.message)?.[1];
  const host = url.hostname;
  return notPublic(address && address !== host.replace(/^\[|\]$/g, '') ? `${host} (${address})` : host);
}

function networkFailure(error: unknown, url: URL): PublicFetchError {
  if (error instanceof PublicFetchError) return error;
  const e = error as NodeJS.ErrnoException;
  const refused = e instanceof Error ? refusalOf(e, url) : null;
  if (refused) return refused;
  return new PublicFetchError('unreachable', `The server could not be reached (${e?.code ?? e?.message ?? 'no answer'}).`);
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** One GET through the public-only agent: its response, or the reason it has none. */
function get(url: URL, options: PublicFetchOptions, signal: AbortSignal): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    const agent = publicAgent(url, options);
    const request = (url.protocol === 'https:' ? https : http).request(url, {
      method: 'GET',
      agent,
      signal,
      ...(options.lookup && { lookup: options.lookup }),
      // No compression: the limit is on the bytes stored, and a small gzip can unpack to gigabytes.
      headers: { 'user-agent': 'PrintJunctionTrade-ArtworkFetch/1', accept: 'application/pdf, */*;q=0.5', 'accept-encoding': 'identity', ...options.headers },
    });
    request.once('response', (response) => {
      // The response outlives the request's promise; its socket is the agent's only one.
      response.once('close', () => agent.destroy());
      resolve(response);
    });
    request.once('error', (error) => {
      agent.destroy();
      reject(signal.aborted ? signal.reason : networkFailure(error, url));
    });
    request.end();
  });
}

const statusText = (status: number) => (http.STATUS_CODES[status] ? ` (${http.STATUS_CODES[status]})` : '');
export const tooLarge = (maxBytes: number) =>
  new PublicFetchError('too-large', `The file is larger than ${Math.round((maxBytes / MB) * 10) / 10} MB, the largest we accept.`);

/**
 * Fetches `raw` from the public internet: the body as a stream, or a PublicFetchError. At most
 * MAX_REDIRECTS redirects, each to an http(s) address judged again; only a 2xx answer is a file.
 */
export async function publicFetch(raw: string, options: PublicFetchOptions): Promise<PublicFetchResult> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_FETCH_TIMEOUT_MS;
  const controller = new AbortController();
  const seconds = Math.round((timeoutMs / 1000) * 10) / 10;
  const timer = setTimeout(() => controller.abort(new PublicFetchError('timeout', `No answer within ${seconds} seconds.`)), timeoutMs);
  const stopped = () => controller.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', stopped, { once: true });
  const done = () => {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', stopped);
  };
  try {
    if (options.signal?.aborted) throw options.signal.reason;
    let url = checkPublicUrl(raw, options);
    for (let hop = 0; ; hop++) {
      const response = await get(url, options, controller.signal);
      const status = response.statusCode ?? 0;
      if (REDIRECTS.has(status)) {
        response.resume();
        response.destroy();
        const location = response.headers.location;
        if (!location) throw new PublicFetchError('status', `The server answered ${status}${statusText(status)} without saying where the file is.`);
        if (hop >= MAX_REDIRECTS) throw new PublicFetchError('redirects', `More than ${MAX_REDIRECTS} redirects.`);
        let next: URL;
        try {
          next = new URL(location, url);
        } catch {
          throw new PublicFetchError('malformed', `The server redirected to an address that is not valid (${location.slice(0, 200)}).`);
        }
        url = checkPublicUrl(next.href, options);
        continue;
      }
      if (status < 200 || status >= 300) {
        response.destroy();
        throw new PublicFetchError('status', `The server answered ${status}${statusText(status)}.`);
      }
      const declared = Number(response.headers['content-length']);
      if (Number.isFinite(declared) && declared > options.maxBytes) {
        response.destroy();
        throw tooLarge(options.maxBytes);
      }
      return { url: url.href, status, headers: response.headers, body: limited(response, options.maxBytes, controller.signal, done) };
    }
  } catch (error) {
    done();
    throw controller.signal.aborted && !(error instanceof PublicFetchError) ? controller.signal.reason : error;
  }
}

/** The body, cut off with a PublicFetchError the moment it passes `maxBytes` or the time-out fires. */
function limited(response: http.IncomingMessage, maxBytes: number, signal: AbortSignal, done: () => void): Readable {
  let seen = 0;
  const body = new Transform({
    transform(chunk: Buffer, _encoding, next) {
      seen += chunk.length;
      if (seen > maxBytes) return next(tooLarge(maxBytes));
      next(null, chunk);
    },
  });
  const abort = () => body.destroy(signal.reason instanceof Error ? signal.reason : new PublicFetchError('timeout', 'The fetch was stopped.'));
  signal.addEventListener('abort', abort, { once: true });
  body.once('close', () => {
    signal.removeEventListener('abort', abort);
    done();
    response.destroy();
  });
  response.once('error', (error) =>
    body.destroy(signal.aborted ? (signal.reason as Error) : new PublicFetchError('unreachable', `The download was cut off (${error.message}).`)),
  );
  response.pipe(body);
  return body;
}
