import { afterEach, describe, expect, it } from 'vitest';
import { HttpError } from 'react-admin';
import { CanceledError, isCancel } from 'axios';
import { httpClient } from '../../src/admin/dataProvider/httpClient';
import { clearSession, saveToken } from '../../src/shared/auth/state';
import { answerWith, stopAnswering } from './helpers/fakeAdapter';

afterEach(() => {
  stopAnswering();
  clearSession();
});

describe('the httpClient on the shared axios instance', () => {
  it('answers {status, headers, body, json}, with the Range header and the Bearer token sent', async () => {
    const seen = answerWith(() => ({ body: '[{"id":1}]', headers: { 'content-range': 'users 0-0/1' } }));
    saveToken('a-token-of-twenty-or-more-chars', false);
    const answer = await httpClient('/api/admin/users?range=%5B0%2C0%5D', { headers: new Headers({ Range: 'users=0-0' }) });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('Content-Range')).toBe('users 0-0/1');
    expect(answer.body).toBe('[{"id":1}]');
    expect(answer.json).toEqual([{ id: 1 }]);
    expect(seen[0].headers.get('Range')).toBe('users=0-0');
    expect(seen[0].headers.get('Authorization')).toBe('Bearer a-token-of-twenty-or-more-chars');
    expect(seen[0].method).toBe('get');
  });

  it('sends a string body as JSON with its method', async () => {
    const seen = answerWith(() => ({ body: '{"id":5,"town":"Hull"}' }));
    const answer = await httpClient('/api/admin/users/5', { method: 'PUT', body: '{"town":"Hull"}' });
    expect(answer.json).toEqual({ id: 5, town: 'Hull' });
    expect(seen[0].method).toBe('put');
    expect(seen[0].data).toBe('{"town":"Hull"}');
    expect(seen[0].headers.get('Content-Type')).toBe('application/json');
  });

  it('passes the abort signal through: aborting cancels the request in flight', async () => {
    const controller = new AbortController();
    const seen = answerWith(
      (config) =>
        new Promise((_resolve, reject) => {
          (config.signal as AbortSignal).addEventListener('abort', () => reject(new CanceledError('canceled')));
        }),
    );
    const pending = httpClient('/api/admin/users', { signal: controller.signal }).catch((e: unknown) => e);
    await new Promise((resolve) => setTimeout(resolve, 0)); // the request reaches the adapter
    controller.abort();
    expect(isCancel(await pending)).toBe(true);
    expect(seen[0].signal).toBe(controller.signal);
  });

  it("turns a 422 into react-admin's HttpError carrying the server's field messages", async () => {
    const body = {
      message: 'The given data was invalid.',
      errors: { email: 'An account with this e-mail address already exists', company_name: 'Company name is required' },
    };
    answerWith(() => ({ status: 422, body: JSON.stringify(body) }));
    const failure = await httpClient('/api/admin/users', { method: 'POST', body: '{}' }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(HttpError);
    expect(failure).toMatchObject({ status: 422, message: 'The given data was invalid.', body });
  });

  it('keeps a non-JSON error body as text in the message', async () => {
    answerWith(() => ({ status: 502, body: '<html>Bad gateway</html>', headers: { 'content-type': 'text/html' } }));
    const failure = await httpClient('/api/admin/users').catch((e: unknown) => e);
    expect(failure).toMatchObject({ status: 502, message: '<html>Bad gateway</html>', body: null });
  });

  it('rethrows a network failure as it is (no status to judge)', async () => {
    answerWith(() => ({ network: true }));
    await expect(httpClient('/api/admin/users')).rejects.toMatchObject({ message: 'Network Error' });
  });
});
