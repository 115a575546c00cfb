import { afterEach, describe, expect, it, vi } from 'vitest';
import { AxiosError, AxiosHeaders, type InternalAxiosRequestConfig } from 'axios';
import { apiErrors, http } from '../../src/shared/http/client';
import { clearSession, saveToken } from '../../src/shared/auth/state';
import { fakeApi, stopFakeApi } from '../helpers/fakeApi';

afterEach(() => {
  stopFakeApi();
  clearSession();
  vi.unstubAllGlobals();
  document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});

describe('the Authorization header', () => {
  it('carries the Bearer token when one exists', async () => {
    const requests = fakeApi(() => ({ data: {} }));
    saveToken('abc123', false);
    await http.get('/api/orders');
    expect(requests[0].headers.get('Authorization')).toBe('Bearer abc123');
  });

  it('is absent without a token', async () => {
    const requests = fakeApi(() => ({ data: {} }));
    await http.get('/api/orders');
    expect(requests[0].headers.has('Authorization')).toBe(false);
  });
});

describe('bodies', () => {
  it('sends JSON and prefers JSON back, on relative URLs', async () => {
    const requests = fakeApi(() => ({ data: { id: 1 } }));
    const { data } = await http.post('/api/orders', { ref: 'Flyers' });
    expect(data).toEqual({ id: 1 });
    expect(requests[0].url).toBe('/api/orders');
    expect(requests[0].data).toBe('{"ref":"Flyers"}');
    expect(requests[0].headers.get('Content-Type')).toMatch(/^application\/json/);
    expect(requests[0].headers.get('Accept')).toBe('application/json, text/plain, */*');
  });
});

/** Just enough XMLHttpRequest for axios' own xhr adapter, to see the headers it really sends. */
class RecordingXhr {
  static sent: RecordingXhr[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  readyState = 0;
  status = 0;
  statusText = '';
  responseText = '';
  responseURL = '';
  timeout = 0;
  onloadend: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  getAllResponseHeaders() {
    return 'content-type: application/json\r\n';
  }
  send() {
    RecordingXhr.sent.push(this);
    this.readyState = 4;
    this.status = 200;
    this.responseText = '{"ok":true}';
    setTimeout(() => this.onloadend?.(), 0);
  }
  addEventListener() {}
  removeEventListener() {}
  abort() {}
}

describe("the anti-forgery pair (through axios' real xhr adapter)", () => {
  function useRecordingXhr(): void {
    RecordingXhr.sent = [];
    vi.stubGlobal('XMLHttpRequest', RecordingXhr);
    http.defaults.adapter = 'xhr';
  }

  it('copies the XSRF-TOKEN cookie into X-XSRF-TOKEN for same-origin calls, with Accept and Bearer', async () => {
    useRecordingXhr();
    document.cookie = 'XSRF-TOKEN=signed-value; path=/';
    saveToken('abc123', true);

    const { data } = await http.post('/api/orders', { ref: 'x' });

    expect(data).toEqual({ ok: true });
    const [xhr] = RecordingXhr.sent;
    expect(xhr.url).toBe('/api/orders');
    expect(xhr.headers['X-XSRF-TOKEN']).toBe('signed-value');
    expect(xhr.headers.Accept).toBe('application/json, text/plain, */*');
    expect(xhr.headers.Authorization).toBe('Bearer abc123');
  });

  it('never sends it to another origin', async () => {
    useRecordingXhr();
    document.cookie = 'XSRF-TOKEN=signed-value; path=/';
    await http.get('https://elsewhere.example.com/thing');
    expect(RecordingXhr.sent[0].headers['X-XSRF-TOKEN']).toBeUndefined();
  });
});

describe('apiErrors', () => {
  function failure(status: number, data: unknown): AxiosError {
    const config = { headers: new AxiosHeaders() } as InternalAxiosRequestConfig;
    return new AxiosError(
      'failed',
      'ERR_BAD_REQUEST',
      config,
      {},
      {
        status,
        statusText: '',
        data,
        headers: {},
        config,
      },
    );
  }

  it('reads the message and field errors of a 422', async () => {
    fakeApi(() => ({ status: 422, data: { message: 'The given data was invalid.', errors: { email: 'Enter a valid e-mail address' } } }));
    const error: unknown = await http.post('/api/login', {}).catch((e: unknown) => e);
    expect(apiErrors(error)).toEqual({ message: 'The given data was invalid.', errors: { email: 'Enter a valid e-mail address' } });
  });

  it('gives an empty errors map when the body has only a message', () => {
    expect(apiErrors(failure(409, { message: 'The order has changed' }))).toEqual({ message: 'The order has changed', errors: {} });
  });

  it('keeps only text field messages', () => {
    expect(apiErrors(failure(422, { message: 'm', errors: { a: 'A', b: 3, c: ['C'] } }))).toEqual({ message: 'm', errors: { a: 'A' } });
  });

  it('is null when there is no such body', () => {
    expect(apiErrors(failure(500, '<html>oops</html>'))).toBeNull();
    expect(apiErrors(new AxiosError('Network Error', 'ERR_NETWORK'))).toBeNull();
    expect(apiErrors(new Error('plain'))).toBeNull();
    expect(apiErrors(undefined)).toBeNull();
  });
});
