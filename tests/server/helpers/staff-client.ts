import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
// The server's tests call the API as the staff area does, with react-admin's own client; tests are
// never bundled, so the rule that keeps react-admin out of the customer bundle does not apply here.
// eslint-disable-next-line no-restricted-imports
import { fetchUtils, type DataProvider } from 'ra-core';
// eslint-disable-next-line no-restricted-imports
import simpleRestProvider from 'ra-data-simple-rest';
import { versionedWrites } from '../../../src/admin/dataProvider/versions';

/** Starts the app on a free port of 127.0.0.1 and answers its base URL. */
export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/**
 * react-admin's own caller, over real HTTP: the real ra-data-simple-rest dataProvider on a
 * fetch-based httpClient that carries what the browser's shared client carries — the Bearer token
 * and the XSRF pair (the cookie the server handed out, echoed in X-XSRF-TOKEN).
 */
export class StaffCaller {
  token: string | undefined;
  private xsrf: string | undefined;
  readonly dataProvider: DataProvider;
  /** Every request made, for assertions on the wire format (method, URL, headers). */
  readonly requests: Array<{ method: string; url: string; headers: Headers }> = [];

  constructor(readonly baseUrl: string) {
    // The staff area's own update and delete, which send the version each record was read at.
    const rest = simpleRestProvider(`${baseUrl}/api/admin`, this.httpClient);
    this.dataProvider = { ...rest, ...versionedWrites(rest, this.httpClient, `${baseUrl}/api/admin`) };
  }

  private remember(response: Response): void {
    for (const cookie of response.headers.getSetCookie()) {
      const match = /^XSRF-TOKEN=([^;]*)/.exec(cookie);
      if (match) this.xsrf = decodeURIComponent(match[1]);
    }
  }

  private headers(given?: HeadersInit): Headers {
    const headers = new Headers(given);
    if (this.token) headers.set('Authorization', `Bearer ${this.token}`);
    if (this.xsrf) {
      headers.set('Cookie', `XSRF-TOKEN=${encodeURIComponent(this.xsrf)}`);
      headers.set('X-XSRF-TOKEN', this.xsrf);
    }
    return headers;
  }

  /** The httpClient handed to ra-data-simple-rest: fetchUtils.fetchJson plus our headers. */
  readonly httpClient = async (url: string, options: fetchUtils.Options = {}) => {
    if (!this.xsrf) await this.fetch('/api/health');
    const headers = this.headers(options.headers as HeadersInit | undefined);
    this.requests.push({ method: options.method ?? 'GET', url, headers });
    return fetchUtils.fetchJson(url, { ...options, headers });
  };

  /** A plain request with the same credentials (for the calls that are not simple-rest's, e.g. uploads). */
  async fetch(path: string, init: RequestInit = {}): Promise<Response> {
    const response = await fetch(`${this.baseUrl}${path}`, { ...init, headers: this.headers(init.headers) });
    this.remember(response);
    return response;
  }

  async login(email: string, password: string): Promise<this> {
    if (!this.xsrf) await this.fetch('/api/health');
    const response = await this.fetch('/api/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    if (response.status !== 200) throw new Error(`login failed ${response.status}: ${await response.text()}`);
    this.token = ((await response.json()) as { token: string }).token;
    return this;
  }
}

/** What react-admin's HttpError carries when the server refuses a call. */
export interface RefusedCall {
  status: number;
  body: { message: string; errors?: Record<string, string> } | null;
}

/** Runs a dataProvider call expected to fail; answers the HttpError's status and body. */
export async function refused(call: Promise<unknown>): Promise<RefusedCall> {
  try {
    await call;
  } catch (error) {
    const { status, body } = error as RefusedCall;
    return { status, body };
  }
  throw new Error('The call succeeded, but it was expected to be refused');
}
