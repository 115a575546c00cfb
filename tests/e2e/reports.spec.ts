import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import type { OrdersReport, TurnaroundReport, WaitingReport } from '../../src/shared/api/staff-reports';
import { ukToday } from '../../src/shared/domain/orders/overdue';
import { formatPence } from '../../src/shared/domain/pricing/format';
import { bucketLabel, bucketStart, defaultReportRange } from '../../src/shared/domain/reports/reports';
import { Api, expectAccessible, shoot, signedIn, STAFF } from './customer-support';

/**
 * In Chromium on the built app with the demo data (orders confirmed and dispatched today among
 * them): the staff dashboard shows how the month is going under its tiles, and the Reports page
 * shows each report as a chart, as a table of the same numbers, and as a CSV.
 */
test('staff see the month at a glance on the dashboard, and the reports as charts, tables and CSV', async ({ page }) => {
  test.setTimeout(180_000);
  const month = defaultReportRange(ukToday());
  const api = await Api.as(STAFF);
  const orders = await api.json<OrdersReport>('GET', `/api/admin/reports/orders?from=${month.from}&to=${month.to}&group=day`);
  const waiting = await api.json<WaitingReport>('GET', '/api/admin/reports/waiting');
  const turnaround = await api.json<TurnaroundReport>('GET', `/api/admin/reports/turnaround?from=${month.from}&to=${month.to}&group=week`);
  await api.close();
  const today = orders.rows.find((r) => r.period === month.to)!;
  expect(today.orders).toBeGreaterThan(0);

  await signedIn(page, STAFF);
  await page.goto('/admin');
  const glance = page.getByRole('region', { name: 'This month so far' });
  await expect(glance).toBeVisible();
  // Each chart is drawn (an SVG with its bars), not its loading or empty state.
  for (const name of ['Orders and revenue by day', 'Dispatched on time', 'Waiting now']) {
    const panel = glance.getByRole('region', { name });
    await expect(panel.getByRole('figure')).toBeVisible();
    await expect(panel.locator('svg rect').first()).toBeVisible();
  }
  // The table of the month's orders has today's numbers as the API counts them.
  const ordersPanel = glance.getByRole('region', { name: 'Orders and revenue by day' });
  await ordersPanel.getByRole('button', { name: 'Table' }).click();
  const todayRow = ordersPanel.getByRole('row', { name: new RegExp(`^${bucketLabel(month.to, 'day')} `) });
  await expect(todayRow).toContainText(`${today.orders}`);
  await expect(todayRow).toContainText(formatPence(today.revenue));
  await ordersPanel.getByRole('button', { name: 'Chart' }).click();
  const waitingPanel = glance.getByRole('region', { name: 'Waiting now' });
  await waitingPanel.getByRole('button', { name: 'Table' }).click();
  for (const row of waiting.rows) await expect(waitingPanel.getByRole('row', { name: `${row.label} ${row.orders}` })).toBeVisible();
  await waitingPanel.getByRole('button', { name: 'Chart' }).click();
  await shoot(page, 'dashboard-charts', { area: 'staff' });
  await expectAccessible(page, 'the staff dashboard with its charts');

  // The Reports page, from the menu: the whole month by week.
  await page.getByRole('menuitem', { name: 'Reports' }).click();
  await expect(page).toHaveURL(/\/admin\/reports$/);
  await page.getByRole('combobox', { name: 'Group by' }).click();
  await page.getByRole('option', { name: 'Week' }).click();
  for (const name of ['Orders and revenue', 'Dispatched on time', 'Artwork checks', 'Working days to dispatch', 'Top customers (by company)', 'Waiting now']) {
    await expect(page.getByRole('region', { name })).toBeVisible();
  }
  // Working days to dispatch: one decimal on its axis and in its table, and a line when every order left the day it was confirmed.
  const turnaroundPanel = page.getByRole('region', { name: 'Working days to dispatch' });
  await expect(turnaroundPanel.getByRole('figure')).toBeVisible();
  const labels = await turnaroundPanel.getByRole('figure').locator('svg text').allTextContents();
  expect(
    labels.filter((label) => /^\d/.test(label)).every((label) => /^\d+\.\d$/.test(label)),
    labels.join(' | '),
  ).toBe(true);
  const sameDay = turnaround.rows.length > 0 && turnaround.rows.every((r) => r.working_days === 0);
  await expect(turnaroundPanel.getByText('Every order in this range was dispatched on the day it was confirmed.')).toHaveCount(sameDay ? 1 : 0);
  const report = page.getByRole('region', { name: 'Orders and revenue' });
  await expect(report.locator('svg rect').first()).toBeVisible();
  await report.getByRole('button', { name: 'Table' }).click();
  const table = report.getByRole('table', { name: 'Orders and revenue' });
  await expect(table.getByRole('columnheader')).toHaveText(['Period', 'Orders', 'Revenue (net)']);
  const weekOf = bucketLabel(bucketStart(month.to, 'week'), 'week');
  await expect(table.getByRole('row', { name: new RegExp(`^${weekOf} `) })).toBeVisible();
  await shoot(page, 'reports', { area: 'staff' });
  await expectAccessible(page, 'the Reports page');

  const download = page.waitForEvent('download');
  await report.getByRole('button', { name: 'Download CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`orders-${month.from}-to-${month.to}.csv`);
  const text = await readFile((await file.path())!, 'utf8');
  const lines = text.replace(/^\uFEFF/, '').split('\r\n');
  expect(lines[0]).toBe('Period starting,Orders,"Revenue (£, net)"');
  expect(lines.length).toBeGreaterThan(2);

  // A last day before the first is refused beside it, and the reports wait for a good range.
  await page.getByLabel('Last day').fill('2000-01-31');
  await page.getByLabel('First day').fill('2000-02-01');
  await expect(page.getByText('The last day must be on or after the first day')).toBeVisible();
});
