import { readFileSync } from 'node:fs';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { clearSession, setUser } from '../../src/shared/auth';
import { BACKGROUND_ROUTES, fakeApi, makeUser, stopFakeApi } from '../helpers/fakeApi';
import { installDomGaps } from './helpers/dom';
import { renderApp } from './helpers/renderApp';

/** No layout shift: the banner's height is reserved, and the footer stays below a full-height main. */
const css = readFileSync('src/customer/mui-free/muiFree.css', 'utf8');
const rule = (selector: string, within = css) => {
  const at = within.indexOf(`${selector} {`);
  if (at < 0) throw new Error(`No rule ${selector}`);
  return within.slice(at, within.indexOf('}', at));
};

beforeAll(() => installDomGaps());
beforeEach(() => clearSession());
afterEach(() => stopFakeApi());

describe('layout shifts', () => {
  it('the status banner reserves one line on wide screens and two on a phone, from the first paint', () => {
    const banner = rule('.pj-banner');
    expect(banner).toMatch(/min-height: calc\(var\(--pj-banner-line\) \+ 12px\)/);
    expect(banner).toMatch(/--pj-banner-line: 1\.3125rem/); // 0.875rem × 1.5, as its font-size and line-height
    expect(banner).toMatch(/font-size: 0\.875rem/);
    expect(banner).toMatch(/line-height: 1\.5/);
    const phone = css.slice(css.indexOf('@media (max-width: 719.95px) {\n  .pj-banner'));
    expect(rule('.pj-banner', phone)).toMatch(/min-height: calc\(2 \* var\(--pj-banner-line\) \+ 12px\)/);
  });

  it('the banner shows "Loading..." in that space meanwhile, on both layouts', async () => {
    fakeApi({ ...BACKGROUND_ROUTES, 'GET /api/settings/STATUS_TEXT': () => new Promise(() => {}) });
    await renderApp('/login');
    const banner = screen.getByRole('status', { name: 'Service status' });
    expect(banner).toHaveTextContent('Loading...');
    expect(banner).toHaveClass('pj-banner');
  });

  it('the signed-in main is at least a window high, so the footer starts below the fold', async () => {
    fakeApi({ ...BACKGROUND_ROUTES, 'GET /api/prices': () => new Promise(() => {}) });
    setUser(makeUser());
    await renderApp('/prices');
    const main = screen.getByRole('main');
    expect(getComputedStyle(main).minHeight).toBe('100vh');
    expect(screen.getByRole('status', { name: 'Service status' })).toHaveClass('pj-banner');
    // The footer follows main in the page's column.
    expect(main.compareDocumentPosition(screen.getByRole('contentinfo')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
