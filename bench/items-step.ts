import type { CDPSession } from 'playwright-core';
import { buildWebOnce, launchChromium, median, serveBuilt, tokenCookie } from './lib/browser';
import type { BenchRow } from './lib/stats';

/** The goal: the items step prices each change from the price list it holds, in ≤ 16 ms of script (one frame). */
const GOAL_MS = 16;
const CHANGES = Number(process.env.BENCH_ITEMS_STEP_CHANGES ?? 40);

/** Main-thread script time so far, in ms, as Chromium counts it (`Performance.getMetrics` ScriptDuration). */
async function scriptMs(cdp: CDPSession): Promise<number> {
  const { metrics } = (await cdp.send('Performance.getMetrics')) as { metrics: Array<{ name: string; value: number }> };
  return (metrics.find((m) => m.name === 'ScriptDuration')?.value ?? 0) * 1000;
}

/** Two animation frames: React has rendered the change and the browser has painted it. */
const painted = (cdp: CDPSession) =>
  cdp.send('Runtime.evaluate', { expression: 'new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))', awaitPromise: true });

/**
 * The items step in Debian's Chromium on the built app with the demo data, as the demo trade
 * customer on business cards (two required finishes, four turnarounds): a finish, the turnaround or
 * the quantity changed from the keyboard, one at a time, with the script time Chromium spent
 * from the change until the new price was painted, and the requests the changes made.
 */
export async function benchItemsStep(): Promise<BenchRow[]> {
  const { dir } = await buildWebOnce();
  const app = await serveBuilt(dir);
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addCookies([tokenCookie(app.url, await app.signIn('trade'))]);
    const page = await context.newPage();
    await page.goto(`${app.url}/create`);
    await page.getByRole('button', { name: 'Start order' }).click();
    await page.waitForURL(/\/create\/\d+$/);
    const product = page.getByLabel('Product', { exact: true });
    await product.selectOption({ label: 'Business cards 85×55mm' });
    const lamination = page.getByLabel('Lamination', { exact: true });
    const corners = page.getByLabel('Corners', { exact: true });
    await lamination.waitFor();
    await page.getByTestId('live-price').filter({ hasText: /£/ }).waitFor();
    const quantity = page.getByLabel('Quantity', { exact: true });
    const turnaround = page.getByRole('radiogroup', { name: 'Turnaround' }).locator('input:checked');
    // Changed from the keyboard (CDP input events): Playwright's selectOption and check run scripts of
    // their own in the page, which Chromium would count as the page's.
    const targets = [lamination, corners, turnaround, quantity];
    const price = page.getByTestId('live-price');
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    let requests = 0;
    page.on('request', (request) => {
      if (request.url().includes('/api/')) requests++;
    });
    const each: number[] = [];
    let changed = 0;
    for (let n = 0; n < CHANGES; n++) {
      await targets[n % targets.length].focus();
      const shown = await price.textContent();
      const before = await scriptMs(cdp);
      await page.keyboard.press(Math.floor(n / targets.length) % 2 === 0 ? 'ArrowDown' : 'ArrowUp');
      await painted(cdp);
      each.push((await scriptMs(cdp)) - before);
      if ((await price.textContent()) !== shown) changed++;
    }
    const sorted = [...each].sort((a, b) => a - b);
    const p95 = sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))];
    return [
      {
        name: `items step: script per change (finish, turnaround, quantity) in Chromium, ${CHANGES} changes on business cards`,
        value: `median ${median(each).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms; the price changed ${changed} times; ${requests} requests to the API — goal ≤ ${GOAL_MS} ms, none: ${p95 <= GOAL_MS && requests === 0 ? 'met' : 'NOT met'}`,
      },
    ];
  } finally {
    await browser.close();
    await app.stop();
  }
}
