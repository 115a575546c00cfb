import { AxiosError, AxiosHeaders, type AxiosAdapter, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { http } from '../../../src/shared/http';
import type { User } from '../../../src/shared/api';

/** A canned answer: a status and a JSON body, or a promise of one (to hold a request open). */
export interface Reply {
  status?: number;
  data?: unknown;
}
export type Handler = (request: InternalAxiosRequestConfig) => Reply | Promise<Reply>;

const realAdapter = http.defaults.adapter;

/**
 * Answers the shared axios client in memory, keyed "METHOD /path" (no query). Unknown calls answer
 * 404 like the server. Statuses outside 2xx reject the way axios does, so the client's interceptors
 * and apiErrors() see what they see in a browser. Returns the requests made, in order.
 */
export function fakeApi(routes: Record<string, Handler>): InternalAxiosRequestConfig[] {
  const requests: InternalAxiosRequestConfig[] = [];
  const adapter: AxiosAdapter = async (config) => {
    requests.push(config);
    const path = (config.url ?? '').split('?')[0];
    const handler = routes[`${(config.method ?? 'get').toUpperCase()} ${path}`];
    const reply = handler ? await handler(config) : { status: 404, data: { message: 'Not found' } };
    const status = reply.status ?? 200;
    const response: AxiosResponse = {
      data: reply.data ?? '',
      status,
      statusText: '',
      headers: new AxiosHeaders({ 'Content-Type': 'application/json' }),
      config,
      request: {},
    };
    if (status >= 300) throw new AxiosError(`Request failed with status code ${status}`, AxiosError.ERR_BAD_REQUEST, config, {}, response);
    return response;
  };
  http.defaults.adapter = adapter;
  return requests;
}

export function stopFakeApi(): void {
  http.defaults.adapter = realAdapter;
}

/** The JSON body a request carried. */
export function bodyOf(request: InternalAxiosRequestConfig): unknown {
  return typeof request.data === 'string' ? JSON.parse(request.data) : request.data;
}

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 7,
    email: 'jo@bloggs-design.co.uk',
    role: 'trade',
    title: 'Ms',
    firstname: 'Jo',
    lastname: 'Bloggs',
    company_name: 'Bloggs Design',
    company_logo: null,
    telephone: '0113 496 0000',
    mobile: '',
    address1: '1 High Street',
    address2: '',
    town: 'Leeds',
    county: 'West Yorkshire',
    postcode: 'LS1 1AA',
    country_id: 1,
    created_at: '2025-01-02T03:04:05.000Z',
    ...overrides,
  };
}

export const COUNTRIES = [
  { id: 2, code: 'FR', name: 'France' },
  { id: 3, code: 'IE', name: 'Ireland' },
  { id: 1, code: 'GB', name: 'United Kingdom' },
];

/** What every page of the app may ask for in passing: settings, countries, providers. */
export const BACKGROUND_ROUTES: Record<string, Handler> = {
  'GET /api/settings/STATUS_TEXT': () => ({ data: { name: 'STATUS_TEXT', value: 'Orders placed by 2pm are printed today' } }),
  'GET /api/settings/COMPANY_ADDRESS': () => ({ data: { name: 'COMPANY_ADDRESS', value: '1 Press Lane\nLeeds LS2 2BB' } }),
  'GET /api/countries': () => ({ data: COUNTRIES }),
  'GET /api/oauth/providers': () => ({ data: { providers: [] } }),
};
