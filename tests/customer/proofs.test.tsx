import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Item, Order, OrderSummary } from '../../src/shared/api/orders';
import type { ItemProofState } from '../../src/shared/domain/orders/proofs';
import { clearSession, setUser } from '../../src/shared/auth';
import { queryClient } from '../../src/customer/api/queryClient';
import { BACKGROUND_ROUTES, bodyOf, fakeApi, makeUser, stopFakeApi, type Handler } from '../helpers/fakeApi';
import { installDomGaps } from './helpers/dom';
import { makeItem, makeOrder } from './helpers/orders';
import { here, renderApp, settleRouter } from './helpers/renderApp';

/** The first page of a test file loads its modules cold: wait for it as long as a slow machine needs. */
const LOADED = { timeout: 10_000 };

const proofOf = (fields: Partial<ItemProofState>): ItemProofState => ({
  status: 'ready',
  version: 1,
  comment: null,
  decided_at: null,
  decided_by: null,
  ...fields,
});

/** The item of a confirmed order with checked artwork and a proof in the state given. */
const itemWith = (proof: ItemProofState | null, fields: Partial<Item> = {}): Item =>
  makeItem({
    artwork: {
      name: 'card.pdf',
      size: 2048,
      uploaded_at: '2026-11-20T08:30:00.000Z',
      preflight: { status: 'pass', checks: [] },
      preview: false,
      preview_pages: 0,
    },
    proof_requested: true,
    proof,
    ...fields,
  });

/** A Pending order of that one item: awaiting approval unless its proof is approved. */
const orderWith = (proof: ItemProofState | null, fields: Partial<Order> = {}): Order =>
  makeOrder({
    id: 9,
    ref: 'Menus',
    status: 'live',
    // Far enough ahead that the banner's "if approved today" holds whenever the tests run.
    dispatch_due: '2099-11-24',
    delivery_due: '2099-11-25',
    awaiting_approval: proof !== null && proof.status !== 'approved',
    confirmed_at: '2026-11-20T09:00:00.000Z',
    version: 2,
    items: [itemWith(proof)],
    payment_options: [],
    approval: null,
    ...fields,
  });

function api(routes: Record<string, Handler>) {
  return fakeApi({ ...BACKGROUND_ROUTES, ...routes });
}

async function showOrder(path = '/orders/9') {
  const app = await renderApp(path);
  // The heading shows while the order loads too: its items say it has come.
  await screen.findByRole('heading', { name: 'Items' }, LOADED);
  return app;
}

const panel = () => screen.getByTestId('proof-31');

beforeAll(() => installDomGaps());
beforeEach(() => {
  clearSession();
  setUser(makeUser());
  queryClient.clear();
});
afterEach(() => {
  stopFakeApi();
  vi.restoreAllMocks();
});

describe('/orders/{id}: an item’s proof', { timeout: 30_000 }, () => {
  it('while the proof is made, says so, offers no decision, and reads the order again until it is ready', async () => {
    let reads = 0;
    api({
      'GET /api/orders/9': () => {
        reads += 1;
        return { data: orderWith(proofOf({ status: reads < 2 ? 'making' : 'ready' })) };
      },
    });
    await showOrder();
    expect(within(panel()).getByText('We are making your proof: it will be here in a few minutes.')).toBeInTheDocument();
    expect(within(panel()).getByText('Proof being made')).toBeInTheDocument();
    expect(within(panel()).queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(screen.getByTestId('awaiting-approval')).toHaveTextContent('We are making your proof');
    // Polled (as while artwork is checked) until the proof is ready.
    expect(await within(panel()).findByRole('button', { name: 'Approve' }, { timeout: 8_000 })).toBeInTheDocument();
    expect(within(panel()).getByText('Waiting for your approval')).toBeInTheDocument();
  });

  it('a ready proof: the banner with the dispatch date if approved today, its version, View proof, Approve and Ask for changes', async () => {
    api({ 'GET /api/orders/9': () => ({ data: orderWith(proofOf({ version: 2 })) }) });
    await showOrder();
    const banner = screen.getByTestId('awaiting-approval');
    expect(banner).toHaveTextContent('Waiting for your approval');
    expect(banner).toHaveTextContent('Printing starts when you approve the proof; dispatch Tue 24 Nov, estimated delivery Wed 25 Nov if approved today.');
    expect(within(panel()).getByRole('heading', { name: 'Proof · version 2' })).toBeInTheDocument();
    expect(within(panel()).getByRole('button', { name: /View proof version 2/ })).toBeInTheDocument();
    expect(within(panel()).getByRole('button', { name: 'Approve' })).toBeInTheDocument();
    expect(within(panel()).getByRole('button', { name: 'Ask for changes' })).toBeInTheDocument();
  });

  it('"View proof" opens the version’s PDF, fetched with the session, in a new tab', async () => {
    const requests = api({
      'GET /api/orders/9': () => ({ data: orderWith(proofOf({ version: 2 })) }),
      'GET /api/orders/9/items/31/proof': () => ({ data: new Blob(['%PDF-1.7'], { type: 'application/pdf' }), contentType: 'application/pdf' }),
    });
    const tab = { closed: false, close: vi.fn(), location: { href: '' } };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    URL.createObjectURL = vi.fn(() => 'blob:proof');
    URL.revokeObjectURL = vi.fn();
    await showOrder();
    await userEvent.setup().click(within(panel()).getByRole('button', { name: /View proof/ }));
    await waitFor(() => expect(tab.location.href).toBe('blob:proof'));
    expect(window.open).toHaveBeenCalledWith('', '_blank');
    expect(requests.find((r) => r.url === '/api/orders/9/items/31/proof')?.params).toEqual({ version: 2 });
  });

  it('Approve asks first ("Approval is final"), sends the version, then shows the dispatch date counted from now', async () => {
    let order = orderWith(proofOf({ version: 2 }));
    const requests = api({
      'GET /api/orders/9': () => ({ data: order }),
      'POST /api/orders/9/items/31/proof/approve': () => {
        order = orderWith(proofOf({ status: 'approved', version: 2, decided_at: '2026-11-23T10:15:00.000Z', decided_by: 'Jo Bloggs' }), {
          dispatch_due: '2026-11-25',
          delivery_due: '2026-11-26',
        });
        return { data: order };
      },
    });
    // jsdom lays nothing out: focus is only given to what has a box.
    vi.spyOn(Element.prototype, 'getClientRects').mockReturnValue([{}] as unknown as DOMRectList);
    await showOrder();
    const user = userEvent.setup();
    const approve = within(panel()).getByRole('button', { name: 'Approve' });
    await user.click(approve);
    const dialog = await screen.findByRole('dialog', { name: 'Approve proof version 2?' });
    expect(dialog).toHaveTextContent('Approval is final: we print exactly this proof');
    // The dialog holds focus while open.
    expect(dialog.contains(document.activeElement)).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodyOf(requests.find((r) => r.url === '/api/orders/9/items/31/proof/approve')!)).toEqual({ version: 2 });
    expect(within(panel()).getByRole('status')).toHaveTextContent(
      'Thank you: proof version 2 is approved. Dispatch Wed 25 Nov, estimated delivery Thu 26 Nov.',
    );
    expect(within(panel()).getByText(/Approved by Jo Bloggs on 23 Nov 2026, 10:15\. We print exactly this proof\./)).toBeInTheDocument();
    expect(screen.queryByTestId('awaiting-approval')).not.toBeInTheDocument();
    expect(screen.getByTestId('order-dates')).toHaveTextContent('Dispatch Wed 25 Nov, estimated delivery Thu 26 Nov');
    // The button that opened the dialog went with the decision: focus goes to the proof's heading, not the top of the page.
    await waitFor(() => expect(document.activeElement).toBe(within(panel()).getByRole('heading', { name: 'Proof · version 2' })));
  });

  it('a 409 (an outdated version) closes the dialog, reloads the order and says so', async () => {
    let version = 1;
    api({
      'GET /api/orders/9': () => ({ data: orderWith(proofOf({ version })) }),
      'POST /api/orders/9/items/31/proof/approve': () => {
        version = 2; // staff uploaded their own proof meanwhile
        return { status: 409, data: { message: 'Proof version 1 is out of date: version 2 is the current one. Look at it first.' } };
      },
    });
    await showOrder();
    const user = userEvent.setup();
    await user.click(within(panel()).getByRole('button', { name: 'Approve' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(panel()).getByRole('status')).toHaveTextContent(
      'This proof has changed since you opened the page, so we have reloaded the order. Proof version 1 is out of date: version 2 is the current one.',
    );
    expect(await within(panel()).findByRole('heading', { name: 'Proof · version 2' })).toBeInTheDocument();
  });

  it('Ask for changes: the server’s word on the comment shows beside the field, and nothing is lost', async () => {
    const requests = api({
      'GET /api/orders/9': () => ({ data: orderWith(proofOf({})) }),
      'POST /api/orders/9/items/31/proof/changes': () => ({
        status: 422,
        data: { message: 'Check the fields', errors: { comment: 'Say what should change' } },
      }),
    });
    await showOrder();
    const user = userEvent.setup();
    await user.click(within(panel()).getByRole('button', { name: 'Ask for changes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ask for changes to proof version 1' });
    const comment = within(dialog).getByRole('textbox', { name: /What should change\?/ });
    await user.type(comment, '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(comment).toHaveAccessibleDescription('Say what should change'));
    expect(comment).toHaveAttribute('aria-invalid', 'true');
    expect(bodyOf(requests.find((r) => r.url === '/api/orders/9/items/31/proof/changes')!)).toEqual({ version: 1, comment: '   ' });
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('Ask for changes with new artwork: sends the comment, then uploads the PDF through the item’s artwork route', async () => {
    let order = orderWith(proofOf({}));
    const calls: string[] = [];
    api({
      'GET /api/orders/9': () => ({ data: order }),
      'POST /api/orders/9/items/31/proof/changes': (request) => {
        calls.push('changes');
        const { comment } = bodyOf(request) as { comment: string };
        order = orderWith(proofOf({ status: 'changes_requested', comment, decided_at: '2026-11-23T10:00:00.000Z', decided_by: 'Jo Bloggs' }));
        return { data: order };
      },
      'POST /api/orders/9/items/31/artwork': (request) => {
        calls.push(`artwork:${((request.data as FormData).get('file') as File).name}`);
        const item = itemWith(order.items[0].proof, {
          artwork: {
            name: 'card-v2.pdf',
            size: 4096,
            uploaded_at: '2026-11-23T10:01:00.000Z',
            preflight: { status: 'pending', checks: [] },
            preview: false,
            preview_pages: 0,
          },
        });
        order = { ...order, items: [item] };
        return { data: item };
      },
    });
    await showOrder();
    const user = userEvent.setup();
    await user.click(within(panel()).getByRole('button', { name: 'Ask for changes' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: /What should change\?/ }), 'Use the new phone number');
    await user.upload(within(dialog).getByLabelText('New artwork (PDF, optional)'), new File(['%PDF-1.7'], 'card-v2.pdf', { type: 'application/pdf' }));
    expect(within(dialog).getByTestId('changes-file')).toHaveTextContent('card-v2.pdf');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls).toEqual(['changes', 'artwork:card-v2.pdf']);
    expect(within(panel()).getByText('Thank you: we have your comment and your new artwork, and make the next proof from it.')).toBeInTheDocument();
    expect(within(panel()).getByText('Changes requested')).toBeInTheDocument();
    expect(within(panel()).getByText('Use the new phone number')).toBeInTheDocument();
  });

  it('changes asked for: the comment, and new artwork or "we’ll send a new proof"', async () => {
    api({
      'GET /api/orders/9': () => ({
        data: orderWith(proofOf({ status: 'changes_requested', comment: 'Bigger logo', decided_at: '2026-11-23T10:00:00.000Z', decided_by: 'Jo Bloggs' })),
      }),
    });
    await showOrder();
    expect(within(panel()).getByText('Bigger logo')).toBeInTheDocument();
    expect(within(panel()).getByText(/we'll send a new proof/)).toBeInTheDocument();
    expect(within(panel()).getByRole('button', { name: 'Upload new artwork' })).toBeInTheDocument();
    expect(within(panel()).queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(screen.getByTestId('awaiting-approval')).toHaveTextContent('We are working on the changes you asked for');
  });

  it('opened at an item’s proof (?proof=), its panel takes focus', async () => {
    api({ 'GET /api/orders/9': () => ({ data: orderWith(proofOf({})) }) });
    await showOrder('/orders/9?proof=31');
    await waitFor(() => expect(document.activeElement).toBe(within(panel()).getByRole('heading', { name: 'Proof · version 1' })));
    // Scrolled to once the navigation's own scroll to the top has been made.
    await waitFor(() => expect(Element.prototype.scrollIntoView).toHaveBeenCalled());
  });

  it('an item without a proof has no panel, and the order no banner', async () => {
    const order = orderWith(null);
    api({ 'GET /api/orders/9': () => ({ data: { ...order, items: [{ ...order.items[0], proof_requested: false }] } }) });
    await showOrder();
    expect(screen.queryByTestId('proof-31')).not.toBeInTheDocument();
    expect(screen.queryByTestId('awaiting-approval')).not.toBeInTheDocument();
  });
});

describe('/proof/{token}: the e-mail’s link', { timeout: 30_000 }, () => {
  it('opens the order at the item’s proof', async () => {
    api({
      'GET /api/proof-links/tok-123': () => ({ data: { order_id: 9, item_id: 31, version: 1 } }),
      'GET /api/orders/9': () => ({ data: orderWith(proofOf({})) }),
    });
    const { router } = await renderApp('/proof/tok-123');
    await screen.findByRole('heading', { level: 1, name: 'Order #9' }, LOADED);
    await settleRouter(router);
    expect(here(router)).toBe('/orders/9?proof=31');
  });

  it('404: not for this account, with a way to sign in with another', async () => {
    api({ 'GET /api/proof-links/tok-123': () => ({ status: 404, data: { message: 'Not found' } }) });
    await renderApp('/proof/tok-123');
    expect(await screen.findByText('This link is not for the account you are signed in with', {}, LOADED)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign out and switch account' })).toBeInTheDocument();
  });

  it('410: expired, pointing to the orders list', async () => {
    api({ 'GET /api/proof-links/tok-123': () => ({ status: 410, data: { message: 'This link has expired' } }) });
    await renderApp('/proof/tok-123');
    expect(await screen.findByText('This link has expired: open the order from your orders list', {}, LOADED)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Your orders' })).toHaveAttribute('href', '/orders');
  });

  it('signed out, goes to log in first and remembers the link', async () => {
    clearSession();
    api({});
    const { router } = await renderApp('/proof/tok-123');
    await settleRouter(router);
    expect(here(router)).toBe('/login');
    expect(document.cookie).toContain('intended_url=/proof/tok-123');
  });
});

describe('lists and home: orders waiting for approval', { timeout: 30_000 }, () => {
  const row = (fields: Partial<OrderSummary>): OrderSummary => ({
    id: 9,
    ref: 'Menus',
    status: 'live',
    item_count: 1,
    value: 2388,
    dispatch_due: '2026-11-24',
    tracking_number: null,
    carrier: 'royalmail',
    test: false,
    trade_api: null,
    awaiting_approval: false,
    placed_by: { id: 1, name: 'Sam Printer' },
    approval: null,
    created_at: '2026-11-20T09:00:00.000Z',
    confirmed_at: '2026-11-20T09:00:00.000Z',
    dispatched_at: null,
    ...fields,
  });

  it('the orders list marks a row waiting for approval', async () => {
    const rows = [row({ id: 9, ref: 'Menus', awaiting_approval: true }), row({ id: 8, ref: 'Flyers' })];
    api({ 'GET /api/orders': () => ({ data: { data: rows, total: 2, page: 1, per_page: 20 } }) });
    await renderApp('/orders?status=live');
    const table = await screen.findByRole('table', { name: 'Pending orders' }, LOADED);
    expect(within(within(table).getByText('Menus').closest('tr')!).getByText('Waiting for your approval')).toBeInTheDocument();
    expect(within(within(table).getByText('Flyers').closest('tr')!).queryByText('Waiting for your approval')).not.toBeInTheDocument();
  });

  it('the home page says how many wait, and leads to Pending', async () => {
    api({ 'GET /api/orders/counts': () => ({ data: { live: 3, printing: 0, problem: 0, dispatched: 1, cancelled: 0, awaiting_approval: 2 } }) });
    await renderApp('/');
    expect(await screen.findByText('Waiting for your approval', {}, LOADED)).toBeInTheDocument();
    expect(screen.getByText(/2 orders have a proof for you to approve/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See Pending orders' })).toHaveAttribute('href', '/orders?status=live');
    expect(screen.getByText(/^3 orders \(2 waiting for your approval\) ·/)).toBeInTheDocument();
  });

  it('the home page asks an owner to decide the company’s orders waiting for approval', async () => {
    const counts = { live: 0, printing: 0, problem: 0, dispatched: 0, cancelled: 0, awaiting_approval: 0, approval: 1 };
    api({ 'GET /api/orders/counts': () => ({ data: counts }) });
    await renderApp('/');
    expect(await screen.findByText('Orders for you to approve', {}, LOADED)).toBeInTheDocument();
    expect(screen.getByText(/1 order of your company waits for an owner’s approval: approve or decline it/)).toBeInTheDocument();
  });

  it('the home page tells a buyer the company’s orders waiting for an owner’s approval', async () => {
    setUser(makeUser({ company_role: 'buyer' }));
    api({ 'GET /api/orders/counts': () => ({ data: { live: 0, printing: 0, problem: 0, dispatched: 0, cancelled: 0, awaiting_approval: 0, approval: 1 } }) });
    await renderApp('/');
    expect(await screen.findByText('Waiting for an owner', {}, LOADED)).toBeInTheDocument();
    expect(screen.getByText(/it is not confirmed until an owner approves/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See them' })).toHaveAttribute('href', '/orders?status=approval');
  });

  it('the home page says nothing of approvals when none wait', async () => {
    api({ 'GET /api/orders/counts': () => ({ data: { live: 3, printing: 0, problem: 0, dispatched: 1, cancelled: 0, awaiting_approval: 0 } }) });
    await renderApp('/');
    expect(await screen.findByText(/^3 orders ·/, {}, LOADED)).toBeInTheDocument();
    expect(screen.queryByText('Waiting for your approval')).not.toBeInTheDocument();
  });
});
