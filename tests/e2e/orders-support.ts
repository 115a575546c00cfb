import { expect } from '@playwright/test';
import { Api, requiredOptionIds, TRADE, type ApiProduct } from './customer-support';
import { cardPdf } from './pdf';
import { trackingRuleOf } from '../../src/shared/domain/orders/tracking';

/** Orders made through the API for the staff specs: each spec asserts on its own, whatever other specs left in the shared database. */

interface Order {
  id: number;
  version: number;
  items: Array<{ id: number; artwork: { preflight: { status: string } } | null }>;
}

/** A confirmed order of the demo trade customer's: one box of business cards with clean artwork, by Royal Mail. */
export async function pendingOrder(ref: string, fields: { notes?: string } = {}): Promise<number> {
  const api = await Api.as(TRADE);
  try {
    const products = await api.json<ApiProduct[]>('GET', '/api/products');
    const cards = products.find((p) => p.name.startsWith('Business cards'))!;
    const order = await api.json<Order>('POST', '/api/orders', { ref });
    const item = await api.json<{ id: number }>('POST', `/api/orders/${order.id}/items`, {
      product_id: cards.id,
      stock_id: cards.stocks[0].id,
      qty: cards.stocks[0].quantities[0],
      sides: 'single',
      orientation: 'landscape',
      option_ids: requiredOptionIds(cards),
      ...fields,
    });
    await api.send('POST', `/api/orders/${order.id}/items/${item.id}/artwork`, undefined, {
      multipart: { file: { name: 'cards.pdf', mimeType: 'application/pdf', buffer: await cardPdf(91, 61, 3) } },
    });
    await expect
      .poll(async () => (await api.json<Order>('GET', `/api/orders/${order.id}`)).items[0].artwork?.preflight.status, { timeout: 60_000 })
      .toBe('pass');
    const options = await api.json<Array<{ id: number; code: string; carrier: 'royalmail' | 'courier' | 'collection' }>>(
      'GET',
      `/api/orders/${order.id}/delivery-options`,
    );
    // A tracked Royal Mail service: staff dispatch it with a tracking number (an untracked one takes none).
    const royalMail = options.find((o) => o.carrier === 'royalmail' && trackingRuleOf(o).takes === 'required')!;
    await api.send('POST', `/api/orders/${order.id}/confirm`, { delivery_type_id: royalMail.id }, { headers: { 'idempotency-key': `e2e-staff-${ref}` } });
    return order.id;
  } finally {
    await api.close();
  }
}

/** A Pending order moved to Processing by staff (as a batch run would), going by Royal Mail. */
export async function processingOrder(ref: string, staff: Api): Promise<number> {
  const id = await pendingOrder(ref);
  const { version } = await staff.json<{ version: number }>('GET', `/api/admin/orders/${id}`);
  await staff.send('POST', `/api/admin/orders/${id}/status`, { status: 'printing', version });
  return id;
}

interface BatchRow {
  id: number;
  status: 'queued' | 'running' | 'done' | 'failed';
}

/**
 * A batch whose ZIP is ready, for the screens that show one: the newest ready batch (the demo has
 * one), or — when there is none — a run made now through the API (of a
 * Pending order made for it if nothing waits), waited for until it is ready.
 */
export async function readyBatch(staff: Api): Promise<number> {
  const filter = encodeURIComponent(JSON.stringify({ status: 'done' }));
  const [done] = await staff.json<BatchRow[]>('GET', `/api/admin/batches?filter=${filter}&range=[0,0]&sort=${encodeURIComponent('["id","DESC"]')}`);
  if (done) return done.id;
  const waiting = await staff.json<{ items: number; running: number | null }>('GET', '/api/admin/batches/waiting');
  if (waiting.running !== null) {
    await expect
      .poll(async () => (await staff.json<BatchRow>('GET', `/api/admin/batches/${waiting.running}`)).status, { timeout: 120_000 })
      .toMatch(/done|failed/);
    return readyBatch(staff);
  }
  if (!waiting.items) await pendingOrder(`E2E-BATCH-${Date.now().toString(36)}`);
  const batch = await staff.json<BatchRow>('POST', '/api/admin/batches/run', {});
  await expect.poll(async () => (await staff.json<BatchRow>('GET', `/api/admin/batches/${batch.id}`)).status, { timeout: 120_000 }).toBe('done');
  return batch.id;
}
