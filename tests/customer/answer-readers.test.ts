import { describe, expect, it } from 'vitest';
import { readOAuthMessage, readProviders, readStartUrl } from '../../src/customer/api/oauth';
import { readOrderCounts } from '../../src/customer/api/orders';
import { asUser } from '../../src/shared/auth';
import { makeUser } from '../helpers/fakeApi';

const sampleUser = makeUser();

/** The hand-written checks that replaced zod on the first page load: they refuse what zod refused. */
describe('answer readers of the first page load', () => {
  it('asUser takes a user and refuses anything else', () => {
    expect(asUser(sampleUser)).toBe(sampleUser);
    for (const bad of [
      '<html>proxy</html>',
      null,
      [],
      {},
      { ...sampleUser, id: '1' },
      { ...sampleUser, role: 'owner' },
      { ...sampleUser, firstname: undefined },
    ]) {
      expect(() => asUser(bad)).toThrow(TypeError);
    }
  });

  it('readProviders keeps the well-formed providers and refuses a body without a list', () => {
    expect(readProviders({ providers: [{ id: 'google', name: 'Google' }, { id: '', name: 'Nameless' }, { name: 'No id' }, 'x'] })).toEqual([
      { id: 'google', name: 'Google' },
    ]);
    expect(readProviders({ providers: [] })).toEqual([]);
    expect(() => readProviders('<html></html>')).toThrow(TypeError);
  });

  it('readStartUrl accepts only http(s) addresses: never javascript: or data:', () => {
    expect(readStartUrl({ url: 'https://accounts.example.com/o/auth?state=abc' })).toBe('https://accounts.example.com/o/auth?state=abc');
    expect(readStartUrl({ url: 'http://localhost:3000/api/oauth/dev' })).toBe('http://localhost:3000/api/oauth/dev');
    for (const url of ['javascript:alert(1)', 'JAVASCRIPT:alert(1)', 'data:text/html,<p>x</p>', '/relative', '', 42]) {
      expect(() => readStartUrl({ url })).toThrow(TypeError);
    }
    expect(() => readStartUrl(null)).toThrow(TypeError);
  });

  it('readOAuthMessage reads only well-formed messages from our own origin and the expected window', () => {
    const popup = {} as MessageEventSource;
    const event = (data: unknown, origin = window.location.origin, source: unknown = popup) => {
      const e = new MessageEvent('message', { data, origin });
      Object.defineProperty(e, 'source', { value: source });
      return e;
    };
    expect(readOAuthMessage(event({ type: 'oauth', token: 'abc' }), popup)).toEqual({ type: 'oauth', token: 'abc' });
    expect(readOAuthMessage(event({ type: 'oauth', error: 'Cancelled' }), popup)).toEqual({ type: 'oauth', error: 'Cancelled' });
    expect(readOAuthMessage(event({ type: 'oauth', token: 'abc' }, 'https://evil.example'), popup)).toBeNull();
    expect(readOAuthMessage(event({ type: 'oauth', token: 'abc' }, window.location.origin, {}), popup)).toBeNull();
    expect(readOAuthMessage(event({ type: 'oauth', token: '' }), popup)).toBeNull();
    expect(readOAuthMessage(event({ type: 'oauth', token: 5 }), popup)).toBeNull();
    expect(readOAuthMessage(event({ type: 'other', token: 'abc' }), popup)).toBeNull();
    expect(readOAuthMessage(event('oauth:abc'), popup)).toBeNull();
  });

  it('readOrderCounts needs a whole, non-negative count for every status', () => {
    const counts = { live: 2, printing: 0, problem: 1, dispatched: 14, cancelled: 3 };
    // The orders waiting for the customer's approval of a proof, and the company's waiting for an
    // owner's approval: none when the answer has no (whole) count of them.
    expect(readOrderCounts({ ...counts, basket: 1 })).toEqual({ ...counts, awaiting_approval: 0, approval: 0 });
    expect(readOrderCounts({ ...counts, awaiting_approval: 1, approval: 2 })).toEqual({ ...counts, awaiting_approval: 1, approval: 2 });
    expect(readOrderCounts({ ...counts, awaiting_approval: -1, approval: 0.5 })).toEqual({ ...counts, awaiting_approval: 0, approval: 0 });
    expect(() => readOrderCounts({ ...counts, live: -1 })).toThrow(TypeError);
    expect(() => readOrderCounts({ ...counts, problem: 1.5 })).toThrow(TypeError);
    expect(() => readOrderCounts({ live: 1 })).toThrow(TypeError);
    expect(() => readOrderCounts('<html>')).toThrow(TypeError);
  });
});
