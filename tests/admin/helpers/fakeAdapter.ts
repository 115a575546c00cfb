import { AxiosError, AxiosHeaders, type AxiosAdapter, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { http } from '../../../src/shared/http';

export interface FakeAnswer {
  status?: number;
  /** The body as the server sends it: text (axios is asked for text by the adapter under test). */
  body?: string;
  headers?: Record<string, string>;
  network?: boolean;
}

const realAdapter = http.defaults.adapter;

/**
 * Answers the shared axios instance in memory, settling as axios' own adapters do (a status outside
 * 2xx rejects with an AxiosError carrying the response). Answers the requests seen, in order.
 */
export function answerWith(answer: (config: InternalAxiosRequestConfig) => FakeAnswer | Promise<FakeAnswer>): InternalAxiosRequestConfig[] {
  const seen: InternalAxiosRequestConfig[] = [];
  const adapter: AxiosAdapter = async (config) => {
    seen.push(config);
    if (config.signal?.aborted) throw new AxiosError('canceled', AxiosError.ERR_CANCELED, config);
    const reply = await answer(config);
    if (reply.network) throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config, {});
    const status = reply.status ?? 200;
    const response: AxiosResponse = {
      data: reply.body ?? '',
      status,
      statusText: '',
      headers: new AxiosHeaders({ 'content-type': 'application/json; charset=utf-8', ...reply.headers }),
      config,
      request: {},
    };
    if (config.validateStatus && !config.validateStatus(status)) {
      throw new AxiosError(
        `Request failed with status code ${status}`,
        status < 500 ? AxiosError.ERR_BAD_REQUEST : AxiosError.ERR_BAD_RESPONSE,
        config,
        {},
        response,
      );
    }
    return response;
  };
  http.defaults.adapter = adapter;
  return seen;
}

export function stopAnswering(): void {
  http.defaults.adapter = realAdapter;
}
