import type { OrderableProduct } from '../../src/shared/api/prices';

/**
 * A mixed load through the load balancer, as customers and staff make it: customers browse the
 * prices, build a basket, upload its artwork, wait for the check and confirm (retrying with the
 * same Idempotency-Key when an answer is lost); staff page through the queue, move orders to
 * Processing and run a batch now and then. Every answer is recorded; what was acknowledged is kept
 * so that the test can find it afterwards.
 */

export interface Answered {
  kind: string;
  method: string;
  path: string;
  /** 0: no answer at all (the connection failed). */
  status: number;
  at: number;
  /** How long the answer took, in ms. */
  ms: number;
  error?: string;
}

export interface Acknowledged {
  orderId: number;
  itemId: number;
  key: string;
}

export interface LoadResult {
  answers: Answered[];
  confirmed: Acknowledged[];
  /** Items whose artwork was uploaded (acknowledged), confirmed or not. */
  uploaded: Array<{ orderId: number; itemId: number }>;
  batches: number;
  moved: number;
}

export interface Session {
  token: string;
  xsrf: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Signs in as a browser does: the XSRF cookie first, then the login. */
export async function signIn(base: string, email: string, password: string): Promise<Session> {
  const health = await fetch(`${base}/api/health`);
  const xsrf = decodeURIComponent(/XSRF-TOKEN=([^;]+)/.exec(health.headers.get('set-cookie') ?? '')![1]);
  const login = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${encodeURIComponent(xsrf)}`, 'x-xsrf-token': xsrf },
    body: JSON.stringify({ email, password }),
  });
  if (!login.ok) throw new Error(`${email} could not sign in: ${login.status} ${await login.text()}`);
  return { token: ((await login.json()) as { token: string }).token, xsrf };
}

export class Client {
  constructor(
    private readonly base: string,
    private readonly session: Session,
    private readonly answers: Answered[],
  ) {}

  private headers(extra: Record<string, string> = {}): Record<string, string> {
    return {
      authorization: `Bearer ${this.session.token}`,
      accept: 'application/json',
      cookie: `XSRF-TOKEN=${encodeURIComponent(this.session.xsrf)}`,
      'x-xsrf-token': this.session.xsrf,
      ...extra,
    };
  }

  /** One request; its answer recorded under `kind`. Never throws for an HTTP status: the caller judges it. */
  async send(kind: string, method: string, path: string, body?: unknown, extra: Record<string, string> = {}): Promise<{ status: number; json: unknown }> {
    const at = Date.now();
    let init: RequestInit = { method, headers: this.headers(extra) };
    if (body instanceof FormData) init = { ...init, body };
    else if (body !== undefined) init = { ...init, body: JSON.stringify(body), headers: this.headers({ 'content-type': 'application/json', ...extra }) };
    try {
      const res = await fetch(`${this.base}${path}`, init);
      const text = await res.text();
      this.answers.push({ kind, method, path, status: res.status, at, ms: Date.now() - at });
      let json: unknown = null;
      try {
        json = text ? JSON.parse(text) : null;
      } catch {
        json = text;
      }
      return { status: res.status, json };
    } catch (err) {
      this.answers.push({ kind, method, path, status: 0, at, ms: Date.now() - at, error: (err as Error).message });
      return { status: 0, json: null };
    }
  }
}

/** What a customer's basket is made of: the business cards, their first paper and quantity, the first option of each required group. */
export interface BasketRecipe {
  product_id: number;
  stock_id: number;
  qty: number;
  option_ids: number[];
}

export async function basketRecipe(client: Client): Promise<BasketRecipe> {
  const { status, json } = await client.send('products', 'GET', '/api/products');
  if (status !== 200) throw new Error(`GET /api/products answered ${status}`);
  const product = (json as OrderableProduct[]).find((p) => p.name.startsWith('Business cards'));
  if (!product) throw new Error('No business cards among the products');
  const stock = product.stocks[0];
  return {
    product_id: product.id,
    stock_id: stock.id,
    qty: stock.quantities[0],
    option_ids: product.option_groups.filter((g) => g.required).map((g) => g.options[0].id),
  };
}

/**
 * One customer's round: prices, a basket with an item, its artwork, the check, the delivery and
 * the confirmation. A step that finds no answer (the instance went away mid-request and nginx could
 * not retry it) is tried again, as a browser's user would; the confirmation always with its key.
 */
export async function customerRound(client: Client, recipe: BasketRecipe, artwork: Buffer, round: string, result: LoadResult): Promise<void> {
  await client.send('prices', 'GET', '/api/prices');
  const retry = async (kind: string, method: string, path: string, body?: () => unknown, extra?: Record<string, string>, ok = [200, 201]) => {
    for (let attempt = 1; ; attempt++) {
      const answer = await client.send(kind, method, path, body?.(), extra);
      if (ok.includes(answer.status)) return answer.json;
      if (attempt >= 5 || (answer.status >= 400 && answer.status < 500 && answer.status !== 409)) {
        throw new Error(`${method} ${path} answered ${answer.status}: ${JSON.stringify(answer.json)}`);
      }
      await sleep(500 * attempt);
    }
  };
  const basket = (await retry('basket', 'POST', '/api/orders', () => ({ ref: `Cluster ${round}` }))) as { id: number };
  const item = (await retry('item', 'POST', `/api/orders/${basket.id}/items`, () => ({
    ...recipe,
    sides: 'single',
    orientation: 'landscape',
  }))) as { id: number };
  await retry('upload', 'POST', `/api/orders/${basket.id}/items/${item.id}/artwork`, () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(artwork)], { type: 'application/pdf' }), `card-${round}.pdf`);
    return form;
  });
  result.uploaded.push({ orderId: basket.id, itemId: item.id });
  // The worker checks it: the basket waits for the result as the page does.
  const until = Date.now() + 120_000;
  for (;;) {
    const order = (await retry('order', 'GET', `/api/orders/${basket.id}`)) as { items: Array<{ artwork: { preflight: { status: string } } | null }> };
    const status = order.items[0].artwork?.preflight.status;
    if (status && status !== 'pending') {
      if (status === 'fail') throw new Error(`Order ${basket.id}: the artwork failed its check`);
      break;
    }
    if (Date.now() > until) throw new Error(`Order ${basket.id}: the artwork was not checked within 120 s`);
    await sleep(500);
  }
  const options = (await retry('delivery-options', 'GET', `/api/orders/${basket.id}/delivery-options`)) as Array<{ id: number }>;
  const key = `cluster-${round}`;
  await retry('confirm', 'POST', `/api/orders/${basket.id}/confirm`, () => ({ delivery_type_id: options[0].id }), { 'idempotency-key': key });
  result.confirmed.push({ orderId: basket.id, itemId: item.id, key });
}

/** Staff's round: the Pending tab, a move of a few Pending orders to Processing, and now and then a batch run. */
export async function staffRound(client: Client, round: number, result: LoadResult): Promise<void> {
  const list = (filter: object) =>
    `/api/admin/orders?filter=${encodeURIComponent(JSON.stringify(filter))}&sort=${encodeURIComponent('["id","ASC"]')}&range=${encodeURIComponent('[0,24]')}`;
  const pending = await client.send('staff-queue', 'GET', list({ status: 'live' }));
  const orders = pending.status === 200 ? (pending.json as Array<{ id: number }>) : [];
  if (round % 4 === 3) {
    const run = await client.send('staff-batch', 'POST', '/api/admin/batches/run', {});
    if (run.status === 201) result.batches++;
  } else if (orders.length > 2) {
    // The oldest few, leaving the newest for a batch run to take.
    const ids = orders.slice(0, 2).map((o) => o.id);
    const moved = await client.send('staff-move', 'POST', '/api/admin/orders/status', { ids, status: 'printing', note: 'Cluster test' });
    if (moved.status === 200) result.moved += (moved.json as Array<{ ok?: boolean; id: number }>).length;
  }
  await client.send('staff-queue', 'GET', list({ status: 'printing' }));
}

/** Runs `round` in a loop until `stop` resolves; a round that throws is recorded and the loop goes on. */
export async function loop(stop: { stopped: boolean }, round: (n: number) => Promise<void>, pauseMs: number, errors: string[]): Promise<void> {
  for (let n = 0; !stop.stopped; n++) {
    try {
      await round(n);
    } catch (err) {
      errors.push((err as Error).message);
    }
    await sleep(pauseMs);
  }
}
