import { beforeEach, describe, expect, it } from 'vitest';
import Cookies from 'js-cookie';
import { INTENDED_URL_COOKIE, rememberIntendedUrl, takeIntendedUrl } from '../../src/customer/guards';

beforeEach(() => Cookies.remove(INTENDED_URL_COOKIE, { path: '/' }));

describe('intended_url cookie', () => {
  it('is named intended_url', () => expect(INTENDED_URL_COOKIE).toBe('intended_url'));

  it('round trip: remembered, then taken once and cleared', () => {
    rememberIntendedUrl('/orders?status=live');
    expect(Cookies.get('intended_url')).toBe('/orders?status=live');
    expect(takeIntendedUrl('/')).toBe('/orders?status=live');
    expect(Cookies.get('intended_url')).toBeUndefined();
    expect(takeIntendedUrl('/')).toBe('/');
  });

  it('falls back when nothing was remembered', () => expect(takeIntendedUrl('/home')).toBe('/home'));

  it.each(['https://evil.example/', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)'])('never leaves the site: %s', (url) => {
    rememberIntendedUrl(url);
    Cookies.set(INTENDED_URL_COOKIE, url, { path: '/' }); // even if someone wrote it by hand
    expect(takeIntendedUrl('/')).toBe('/');
    expect(Cookies.get('intended_url')).toBeUndefined();
  });
});
