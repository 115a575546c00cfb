import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, request as playwrightRequest, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { appUrl, dataDirOf } from '../../playwright.config';
import type { StaffSetting } from '../../src/shared/api/staff-settings';

/**
 * What the customer-app browser specs share: the demo logins, signing in, a direct API
 * client for what a test must do behind the browser's back (revoke a session, change a setting,
 * demote an account), the outbox, and screenshots. Demo accounts are only read: what a test
 * changes it creates itself, or puts back.
 */
/** This worker's app (each worker has its own server and data dir: playwright.config.ts). */
export const BASE_URL = appUrl();
export const APP_NAME = 'Print Junction Trade';
export const title = (page: string) => `${page} | ${APP_NAME}`;

export interface Login {
  email: string;
  password: string;
}
export const STAFF: Login = { email: 'admin@printjunction.test', password: 'PJT-admin-demo' };
export const TRADE: Login = { email: 'jane@inkwell-design.test', password: 'PJT-trade-demo' };
export const CUSTOMER: Login = { email: 'tom@cornercafe.test', password: 'PJT-customer-demo' };

/** Seeded values the pages show (src/server/db/seed: settings.ts, the demo's banner from its catalogue). */
export const SEEDED_STATUS_TEXT = 'Order by 12:00 for dispatch in 2 working days on business cards.';
export const SEEDED_COMPANY_ADDRESS = 'Unit 4, Junction Business Park, Leeds LS11 5QN, United Kingdom';

/** Unique per run, so a test's accounts never meet those of an earlier run on the same data dir. */
export const RUN = `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
export const uniqueEmail = (who: string) => `${who}.${RUN}.${Math.floor(Math.random() * 1e6)}@e2e-customer.test`;

/** Fills the login form on the current page (opening /login if elsewhere) and sends it. */
export async function signIn(page: Page, who: Login, { remember = false } = {}): Promise<void> {
  if (new URL(page.url()).pathname !== '/login') await page.goto('/login');
  await page.getByLabel(/^E-mail address/).fill(who.email);
  await page.getByLabel(/^Password/).fill(who.password);
  if (remember) await page.getByLabel('Remember me').check();
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** Signs in from /login and waits for the home page. */
export async function signedIn(page: Page, who: Login, options: { remember?: boolean } = {}): Promise<void> {
  await page.goto('/login');
  await signIn(page, who, options);
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome/ })).toBeVisible();
}

/** Logout from the account menu of wide screens (its button is named after the user). */
export async function logOut(page: Page, firstname: string): Promise<void> {
  await page.getByRole('button', { name: firstname, exact: true }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL('/login');
}

export async function tokenCookie(context: BrowserContext) {
  return (await context.cookies()).find((cookie) => cookie.name === 'token');
}

/** A client of the API as a program would use it: the XSRF pair, and the bearer token once signed in. */
export class Api {
  private token: string | null = null;

  private constructor(
    readonly request: APIRequestContext,
    private readonly xsrf: string,
  ) {}

  static async open(): Promise<Api> {
    const request = await playwrightRequest.newContext({ baseURL: BASE_URL });
    const health = await request.get('/api/health');
    expect(health.ok()).toBe(true);
    const cookie = (await request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN');
    if (!cookie) throw new Error('The server set no XSRF-TOKEN cookie');
    return new Api(request, decodeURIComponent(cookie.value));
  }

  /** Signs in as `who`; the answer's token is used from then on. */
  static async as(who: Login): Promise<Api> {
    const api = await Api.open();
    const answer = await api.send('POST', '/api/login', { email: who.email, password: who.password, remember: false });
    api.token = ((await answer.json()) as { token: string }).token;
    return api;
  }

  /** An existing token, e.g. the one the browser keeps in its cookie. */
  static async withToken(token: string): Promise<Api> {
    const api = await Api.open();
    api.token = token;
    return api;
  }

  async send(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    data?: unknown,
    extra: { headers?: Record<string, string>; multipart?: Record<string, { name: string; mimeType: string; buffer: Buffer }> } = {},
  ) {
    const headers: Record<string, string> = { accept: 'application/json', 'x-xsrf-token': this.xsrf, ...extra.headers };
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    const answer = await this.request.fetch(url, { method, headers, data, multipart: extra.multipart });
    if (!answer.ok()) throw new Error(`${method} ${url} answered ${answer.status()}: ${await answer.text()}`);
    return answer;
  }

  async json<T>(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, data?: unknown, extra: Parameters<Api['send']>[3] = {}): Promise<T> {
    const answer = await this.send(method, url, data, extra);
    return (await answer.json()) as T;
  }

  async close(): Promise<void> {
    await this.request.dispose();
  }
}

/** Staff: changes a setting's value or visibility (PUT /api/admin/settings/{id}); answers the setting as it was. */
export async function changeSetting(name: string, change: { value?: string; public?: boolean }): Promise<StaffSetting> {
  const staff = await Api.as(STAFF);
  try {
    const list = await staff.json<StaffSetting[]>('GET', `/api/admin/settings?filter=${encodeURIComponent(JSON.stringify({ q: name }))}&range=[0,99]`);
    const setting = list.find((s) => s.name === name);
    if (!setting) throw new Error(`No setting ${name}`);
    await staff.send('PUT', `/api/admin/settings/${setting.id}`, {
      value: setting.value,
      description: setting.description,
      public: setting.public,
      version: setting.version,
      ...change,
    });
    return setting;
  } finally {
    await staff.close();
  }
}

/** Staff: changes a setting's value; returns the old value. */
export async function setSetting(name: string, value: string): Promise<string> {
  return (await changeSetting(name, { value })).value;
}

/** Staff: gives account `id` another role (PUT /api/admin/users/{id}). */
export async function setRole(id: number, role: 'none' | 'user' | 'trade'): Promise<void> {
  const staff = await Api.as(STAFF);
  try {
    const record = await staff.json<Record<string, unknown>>('GET', `/api/admin/users/${id}`);
    const changed = await staff.json<{ role: string }>('PUT', `/api/admin/users/${id}`, { ...record, role });
    expect(changed.role).toBe(role);
  } finally {
    await staff.close();
  }
}

export interface NewAccount extends Login {
  firstname: string;
  lastname: string;
}

export function newAccount(firstname: string): NewAccount {
  return { firstname, lastname: 'Tester', email: uniqueEmail(firstname.toLowerCase()), password: `E2E ${firstname} ${RUN} pass!` };
}

/** Registers `who` through the API (the browser test of registration is the register spec). Returns the user id. */
export async function registerByApi(who: NewAccount): Promise<number> {
  const api = await Api.open();
  try {
    const countries = await api.json<Array<{ id: number; code: string }>>('GET', '/api/countries');
    const gb = countries.find((c) => c.code === 'GB')!;
    const { token } = await api.json<{ token: string }>('POST', '/api/register', {
      firstname: who.firstname,
      lastname: who.lastname,
      company_name: `${who.firstname} ${who.lastname} Print`, // staff forms require it (setRole saves the whole record)
      email: who.email,
      address1: '1 Test Street',
      town: 'Leeds',
      postcode: 'LS1 1AA',
      country_id: gb.id,
      password: who.password,
      password_confirmation: who.password,
    });
    const signedIn = await Api.withToken(token);
    const user = await signedIn.json<{ id: number }>('GET', '/api/user');
    await signedIn.close();
    return user.id;
  } finally {
    await api.close();
  }
}

/**
 * The newest mail to `to` in this worker's e2e server's outbox, decoded from quoted-printable. The escapes are bytes of
 * UTF-8 (a "£" is =C2=A3), so the file is read byte for byte and the bytes, unescaped, are read as UTF-8.
 */
export function mailTo(to: string): string {
  const dir = path.join(dataDirOf(), 'outbox');
  const decoded = readdirSync(dir)
    .filter((file) => file.endsWith('.eml'))
    .sort()
    .map((file) => {
      const bytes = readFileSync(path.join(dir, file), 'latin1')
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
      return Buffer.from(bytes, 'latin1').toString('utf8');
    });
  const mail = decoded.reverse().find((text) => new RegExp(`^To: .*${to.replace(/[.+]/g, '\\$&')}`, 'mi').test(text));
  if (!mail) throw new Error(`No mail to ${to} in ${dir}`);
  return mail;
}

/** Waits for a mail to `to` that contains `text` (the server writes the outbox just after answering). */
export async function waitForMail(to: string, text: string): Promise<string> {
  let found = '';
  await expect
    .poll(
      () => {
        try {
          found = mailTo(to);
        } catch {
          found = '';
        }
        return found;
      },
      { message: `a mail to ${to} containing "${text}"`, timeout: 10_000 },
    )
    .toContain(text);
  return found;
}

const SHOTS = 'test-results/screenshots';
export const WIDTHS = [1280, 375] as const;

/**
 * The whole page (or the window, for dialogs) at 1280 and 375 px as test-results/screenshots/<area>-<name>-<width>.png,
 * and at each width: nothing wider than the window (no sideways scrolling on a phone).
 */
export async function shoot(page: Page, name: string, { fullPage = true, area = 'customer' as 'customer' | 'staff' } = {}): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  const before = page.viewportSize() ?? { width: 1280, height: 900 };
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.waitForTimeout(250); // media queries and MUI's breakpoints settle
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `${name} is wider than ${width} px`).toBeLessThanOrEqual(0);
    await page.screenshot({ path: path.join(SHOTS, `${area}-${name}-${width}.png`), fullPage });
  }
  await page.setViewportSize(before);
}

/**
 * axe-core on the page as it is now: no serious or critical violations. The message
 * names each rule and the first elements it found, so a failure says what to fix.
 */
export async function expectAccessible(page: Page, name: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = serious.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} — ${v.nodes
        .slice(0, 3)
        .map((n) => n.target.join(' '))
        .join(' | ')}`,
  );
  expect(report, `axe on ${name}`).toEqual([]);
}

/** A product of GET /api/products as the specs that order through the API read it. */
export interface ApiProduct {
  id: number;
  name: string;
  stocks: Array<{ id: number; quantities: number[] }>;
  option_groups: Array<{ required: boolean; options: Array<{ id: number }> }>;
}

/** The first option of each required group: what an item must choose (the items step preselects the same). */
export const requiredOptionIds = (product: ApiProduct): number[] => product.option_groups.filter((g) => g.required).map((g) => g.options[0].id);
