import { AxiosError, AxiosHeaders, type AxiosAdapter, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { http } from '../../src/shared/http/client';
import type { User } from '../../src/shared/api';

/**
 * The one fake of the API for the browser tests: it answers the shared axios client in memory, so
 * the client's interceptors, the session code and the pages run as they do in a browser.
 */

/** A canned answer: status (200) and body, a content type (JSON), or a network failure with no answer. */
export interface Reply {
  status?: number;
  data?: unknown;
  contentType?: string;
  network?: boolean;
}
/** Answers one request; may return a promise, to hold the request open. */
export type Handler = (request: InternalAxiosRequestConfig) => Reply | Promise<Reply>;

const realAdapter = http.defaults.adapter;

function handlerFor(routes: Record<string, Handler>): Handler {
  return (request) => {
    const path = (request.url ?? '').split('?')[0];
    const handler = routes[`${(request.method ?? 'get').toUpperCase()} ${path}`];
    return handler ? handler(request) : { status: 404, data: { message: 'Not found' } };
  };
}

/**
 * Answers the shared client's requests: with one handler for every request, or with handlers keyed
 * "METHOD /path" (no query), where unknown calls answer 404 like the server. Statuses that fail
 * axios' validateStatus reject with an AxiosError carrying the response, as axios' own adapters
 * do. Returns the requests made, in order.
 */
export function fakeApi(answer: Handler | Record<string, Handler>): InternalAxiosRequestConfig[] {
  const handler = typeof answer === 'function' ? answer : handlerFor(answer);
  const requests: InternalAxiosRequestConfig[] = [];
  const adapter: AxiosAdapter = async (config) => {
    requests.push(config);
    const reply = await handler(config);
    if (reply.network) throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config, {});
    const status = reply.status ?? 200;
    const response: AxiosResponse = {
      data: reply.data ?? '',
      status,
      statusText: '',
      headers: new AxiosHeaders({ 'Content-Type': reply.contentType ?? 'application/json' }),
      config,
      request: {},
    };
    if (config.validateStatus && !config.validateStatus(status)) {
      const code = status < 500 ? AxiosError.ERR_BAD_REQUEST : AxiosError.ERR_BAD_RESPONSE;
      throw new AxiosError(`Request failed with status code ${status}`, code, config, {}, response);
    }
    return response;
  };
  http.defaults.adapter = adapter;
  return requests;
}

export function stopFakeApi(): void {
  http.defaults.adapter = realAdapter;
}

/** Lets queued promise callbacks and timers run (the dialogs chunk loads asynchronously). */
export async function settle(): Promise<void> {
  await import('../../src/shared/http/dialogs');
  await new Promise((resolve) => setTimeout(resolve, 0));
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
    blind_dispatch: false,
    created_at: '2025-01-02T03:04:05.000Z',
    company_id: 7,
    company_role: 'owner',
    approval_limit: null,
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
