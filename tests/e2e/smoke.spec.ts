import { expect, test } from '@playwright/test';
import { SEEDED_STATUS_TEXT } from './customer-support';

test('the built app loads in Chromium with the status banner and no script errors', async ({ page, context }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  const res = await page.goto('/login');
  expect(res?.status()).toBe(200);
  expect(res?.headers()['content-security-policy']).toContain("script-src 'self'");
  await expect(page).toHaveTitle(/Print Junction Trade/);
  await expect(page.getByRole('status', { name: 'Service status' })).toHaveText(SEEDED_STATUS_TEXT);
  const cookies = await context.cookies();
  expect(cookies.find((c) => c.name === 'XSRF-TOKEN')?.httpOnly).toBe(false);
  expect(errors).toEqual([]);
});

test('the API health answers through the same server', async ({ request }) => {
  const res = await request.get('/api/health');
  expect(await res.json()).toEqual({ status: 'ok' });
});
