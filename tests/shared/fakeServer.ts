import { AxiosError, AxiosHeaders, type AxiosAdapter, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { http } from '../../src/shared/http/client';
import type { User } from '../../src/shared/api';

/** What the fake server answers; `network: true` fails without any response. */
export interface FakeReply {
  status?: number;
  data?: unknown;
  contentType?: string;
  network?: boolean;
}

export type FakeRoute = (request: InternalAxiosRequestConfig) => FakeReply | Promise<FakeReply>;

const realAdapter = http.defaults.adapter;

/**
 * Answers the shared client's requests in memory (no network), settling like axios' own
 * adapters: statuses outside validateStatus reject with an AxiosError carrying the response.
 * Returns the requests it saw, in order.
 */
export function serve(route: FakeRoute): InternalAxiosRequestConfig[] {
  const requests: InternalAxiosRequestConfig[] = [];
  const adapter: AxiosAdapter = async (config) => {
    requests.push(config);
    const reply = await route(config);
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

export function stopServing(): void {
  http.defaults.adapter = realAdapter;
}

/** Lets queued promise callbacks and timers run (the dialogs chunk loads asynchronously). */
export async function settle(): Promise<void> {
  await import('../../src/shared/http/dialogs');
  await new Promise((resolve) => setTimeout(resolve, 0));
}

export const sampleUser: User = {
  id: 7,
  email: 'jo@example.co.uk',
  role: 'trade',
  title: 'Ms',
  firstname: 'Jo',
  lastname: 'Bloggs',
  company_name: 'Bloggs Design',
  company_logo: null,
  telephone: '01632 960000',
  mobile: '',
  address1: '1 High Street',
  address2: '',
  town: 'Leeds',
  county: 'West Yorkshire',
  postcode: 'LS1 1AA',
  country_id: 1,
  created_at: '2024-01-02T03:04:05.000Z',
};
