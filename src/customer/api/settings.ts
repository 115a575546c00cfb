import { isAxiosError } from 'axios';
import { http } from '../../shared/http';

/*
 * Public settings (GET /api/settings/:name). Calls and query options only: the signed-out layout,
 * on /login, reads STATUS_TEXT through loadSettingText, and react-query's runtime would add a
 * tenth to that page. Not even its `queryOptions` (an identity function) is imported: this module
 * is part of the app's entry, and the build groups the entry's imports into one chunk
 * (vite.config.ts). The hooks are in settingHooks.ts.
 */

/** The value of an answer `{ name, value }` (checked by hand: zod stays out of the first page load). */
function settingValue(data: unknown): string {
  const value = typeof data === 'object' && data !== null ? (data as { value?: unknown }).value : undefined;
  if (typeof value !== 'string') throw new TypeError('The answer is not a setting');
  return value;
}

/** A public setting's value. No error dialog: a setting that fails only goes missing (specification §7, §8). */
async function fetchSettingText(name: string): Promise<string> {
  const { data } = await http.get<unknown>(`/api/settings/${encodeURIComponent(name)}`, { skipErrorDialogs: true });
  return settingValue(data);
}

export const settingTextQuery = (name: string) => ({ queryKey: ['settings', name] as const, queryFn: () => fetchSettingText(name) });

/** Logs a setting that could not be loaded, with the server's error body when there is one. */
export function logSettingFailure(name: string, error: unknown): void {
  console.error(`Setting ${name} could not be loaded`, isAxiosError(error) ? (error.response?.data ?? error.message) : error);
}

/** A setting's value, or null (logged) when it could not be loaded: for the signed-out layout's loader. */
export function loadSettingText(name: string): Promise<string | null> {
  return fetchSettingText(name).catch((error: unknown) => {
    logSettingFailure(name, error);
    return null;
  });
}

/** The STAFF_EMAIL setting when it holds an address; null otherwise. */
export function staffEmailOf(value: string): string | null {
  const email = value.trim();
  return email.includes('@') ? email : null;
}

/** COMPANY_EMAIL when it holds an address; null otherwise. */
export const companyEmailOf = staffEmailOf;

/** COMPANY_PHONE when it holds a telephone number (digits, spaces, + ( ) - .); null otherwise. */
export function companyPhoneOf(value: string): string | null {
  const phone = value.trim();
  return /^\+?[\d\s().-]{6,30}$/.test(phone) && /\d{3}/.test(phone.replace(/\D/g, '')) ? phone : null;
}

/** A tel: link for a telephone number as written: its digits, with a leading + kept. */
export function telHref(phone: string): string {
  return `tel:${phone.trim().startsWith('+') ? '+' : ''}${phone.replace(/\D/g, '')}`;
}

/** VAT_RATE as a percentage's decimal text ("20", "17.5") when it is one (0–100, 2 places); null otherwise. */
export function vatRateOf(value: string): string | null {
  const rate = value.trim().replace(/%$/, '').trim();
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(rate)) return null;
  return Number(rate) <= 100 ? rate : null;
}
