import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * A browser-like caller of the app: it keeps the XSRF-TOKEN cookie the server hands out and echoes
 * it in X-XSRF-TOKEN, and sends the bearer token once signed in — as the shared axios client does.
 */
export class ApiClient {
  xsrf: string | undefined;
  token: string | undefined;
  /** Switch off to send unsafe requests without the XSRF header. */
  sendXsrf = true;

  constructor(readonly app: FastifyInstance) {}

  async request(method: Method, url: string, body?: unknown, extra: Partial<InjectOptions> = {}): Promise<LightMyRequestResponse> {
    if (method !== 'GET' && this.xsrf === undefined) await this.request('GET', '/api/health');
    const headers: Record<string, string> = { accept: 'application/json', ...(extra.headers as Record<string, string>) };
    if (this.xsrf) headers.cookie = `XSRF-TOKEN=${encodeURIComponent(this.xsrf)}`;
    if (this.xsrf && this.sendXsrf && method !== 'GET') headers['x-xsrf-token'] = this.xsrf;
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    const res = await this.app.inject({ ...extra, method, url, headers, ...(body === undefined ? {} : { payload: body as InjectOptions['payload'] }) });
    const setCookie = res.headers['set-cookie'];
    for (const c of Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []) {
      const m = /^XSRF-TOKEN=([^;]*)/.exec(c);
      if (m) this.xsrf = decodeURIComponent(m[1]);
    }
    return res;
  }

  get = (url: string) => this.request('GET', url);
  post = (url: string, body?: unknown) => this.request('POST', url, body ?? {});
  patch = (url: string, body?: unknown) => this.request('PATCH', url, body ?? {});
  put = (url: string, body?: unknown) => this.request('PUT', url, body ?? {});
  delete = (url: string) => this.request('DELETE', url);

  async login(email: string, password: string, remember = false): Promise<string> {
    const res = await this.post('/api/login', { email, password, remember });
    if (res.statusCode !== 200) throw new Error(`login failed ${res.statusCode}: ${res.body}`);
    this.token = res.json().token;
    return this.token!;
  }
}

let counter = 0;
/** A valid registration body; every call a new e-mail. */
export function registration(overrides: Record<string, unknown> = {}, countryId = 1) {
  counter++;
  return {
    firstname: 'Sam',
    lastname: 'Printer',
    email: `sam${counter}-${process.pid}@example.test`,
    password: 'correct horse battery',
    password_confirmation: 'correct horse battery',
    address1: '1 Test Street',
    town: 'Leeds',
    postcode: 'ls1 1aa',
    country_id: countryId,
    ...overrides,
  };
}

/** Registers a new customer and signs the client in with the returned token. */
export async function registerAs(client: ApiClient, overrides: Record<string, unknown> = {}) {
  const body = registration(overrides, await ukCountryId(client));
  const res = await client.post('/api/register', body);
  if (res.statusCode !== 201) throw new Error(`register failed ${res.statusCode}: ${res.body}`);
  client.token = res.json().token;
  return body;
}

export async function ukCountryId(client: ApiClient): Promise<number> {
  const res = await client.get('/api/countries');
  return (res.json() as Array<{ id: number; code: string }>).find((c) => c.code === 'GB')!.id;
}
