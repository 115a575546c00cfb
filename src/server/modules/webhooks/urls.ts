import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { unprocessable } from '../../lib/domain-errors';
import { isNonPublicAddress } from '../../lib/public-fetch';

/** How long the check of a URL waits for its host name to resolve. */
const RESOLVE_TIMEOUT_MS = 5000;

const resolveAll = (host: string) =>
  Promise.race([
    lookup(host, { all: true, verbatim: true }),
    new Promise<never>((_resolve, reject) => setTimeout(() => reject(new Error('time-out')), RESOLVE_TIMEOUT_MS).unref()),
  ]);

/**
 * A webhook endpoint's URL as saved: `https`, with no user name or password, its host resolving
 * now to public addresses only (each delivery checks again, at connect). `allowPrivate`
 * (WEBHOOK_ALLOW_PRIVATE, local tests only) also lets `http` and private addresses through.
 * Throws a 422 on `url` saying why; answers the URL as it will be used.
 */
export async function checkEndpointUrl(text: string, allowPrivate: boolean): Promise<string> {
  const refuse = (why: string) => unprocessable({ url: why });
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw refuse('Enter a full URL, e.g. https://example.com/webhooks');
  }
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:')) throw refuse('The URL must start with https://');
  if (url.username || url.password) throw refuse('Leave the user name and password out of the URL: check the signature instead');
  if (url.hash) throw refuse('A URL with a #fragment is not sent: remove it');
  if (allowPrivate) return url.toString();
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = (await resolveAll(host)).map((a) => a.address);
    } catch {
      throw refuse(`${host} does not resolve to an address`);
    }
  }
  for (const address of addresses) {
    if (isNonPublicAddress(address))
      throw refuse(
        `${host === address ? address : `${host} resolves to ${address}`}, which is not on the public internet: webhooks go to public addresses only`,
      );
  }
  return url.toString();
}
