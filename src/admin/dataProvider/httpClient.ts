import { AxiosHeaders, isAxiosError, type AxiosResponse, type RawAxiosHeaders } from 'axios';
import { HttpError, type fetchUtils } from 'react-admin';
import { http } from '../../shared/http';

/** What ra-data-simple-rest expects back from its httpClient (the shape of fetchUtils.fetchJson). */
interface HttpClientResponse {
  status: number;
  headers: Headers;
  body: string;
  json: unknown;
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function toHeaders(raw: AxiosResponse['headers']): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(AxiosHeaders.from(raw as RawAxiosHeaders).toJSON())) {
    if (value !== undefined && value !== null) headers.set(name, Array.isArray(value) ? value.join(', ') : String(value));
  }
  return headers;
}

const bodyText = (data: unknown) => (typeof data === 'string' ? data : data === undefined ? '' : JSON.stringify(data));

/**
 * A failed call as react-admin understands it: an HttpError whose `body` is the server's own
 * `{ message, errors }`, so a 422's field messages appear beside the inputs they name.
 */
export function toHttpError(error: unknown): unknown {
  if (!isAxiosError(error) || !error.response) return error; // network failure or abort: as it is
  const { status, data } = error.response;
  const text = bodyText(data);
  const body = typeof data === 'string' ? (parseJson(data) ?? null) : (data ?? null);
  const message = (body as { message?: unknown } | null)?.message;
  return new HttpError(typeof message === 'string' ? message : text || error.message, status, body);
}

/**
 * ra-data-simple-rest's httpClient on the one shared axios instance (DESIGN §1): the Bearer
 * token, the XSRF pair and the 401 / 5xx dialogs come with it. It keeps the Range header the
 * provider sets, passes the abort signal through, and answers `{status, headers, body, json}`.
 */
export async function httpClient(url: string, options: fetchUtils.Options = {}): Promise<HttpClientResponse> {
  const headers = new Headers(options.headers as HeadersInit | undefined);
  const body = options.body ?? undefined;
  if (typeof body === 'string' && !headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
  try {
    const response = await http.request<string>({
      url,
      method: options.method ?? 'GET',
      data: body,
      headers: Object.fromEntries(headers.entries()),
      signal: options.signal ?? undefined,
      // The raw text, as fetchJson gives it; parsed below so that `body` and `json` agree.
      responseType: 'text',
      transformResponse: [(data: unknown) => data],
    });
    const text = bodyText(response.data);
    return { status: response.status, headers: toHeaders(response.headers), body: text, json: parseJson(text) };
  } catch (error) {
    throw toHttpError(error);
  }
}
