import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, defaultI18nProvider, memoryStore } from 'react-admin';
import type { InternalAxiosRequestConfig } from 'axios';
import { dataProvider } from '../../src/admin/dataProvider';
import type { StaffProofVersion } from '../../src/admin/dataProvider/proofs';
import { ProofSection } from '../../src/admin/orders/ProofSection';
import { waitedFor } from '../../src/admin/orders/fields';
import type { Item } from '../../src/shared/api/orders';
import type { StaffOrder } from '../../src/shared/api/staff-orders';
import type { ItemProofState } from '../../src/shared/domain/orders/proofs';
import { answerWith, stopAnswering, type FakeAnswer } from './helpers/fakeAdapter';

afterEach(() => {
  stopAnswering();
  vi.restoreAllMocks();
});

const VERSIONS: StaffProofVersion[] = [
  {
    version: 2,
    source: 'staff',
    size: 204_800,
    created_at: '2026-11-24T09:30:00.000Z',
    created_by: 'Sam Staff',
    decision: null,
    decided_at: null,
    decided_by: null,
    on_behalf: false,
    comment: null,
    reminders_sent: 1,
  },
  {
    version: 1,
    source: 'generated',
    size: 102_400,
    created_at: '2026-11-23T09:00:00.000Z',
    created_by: null,
    decision: 'changes_requested',
    decided_at: '2026-11-23T15:00:00.000Z',
    decided_by: 'Jo Bloggs',
    on_behalf: false,
    comment: 'Bigger logo, please',
    reminders_sent: 0,
  },
];

const item = (proof: ItemProofState | null): Item =>
  ({
    id: 31,
    product_name: 'Business cards',
    qty: 250,
    stock_name: '350gsm Silk',
    sides: 'single',
    orientation: 'landscape',
    proof_requested: true,
    proof,
  }) as Item;

const order = (status: StaffOrder['status'] = 'live') => ({ id: 9, status }) as StaffOrder;
const ready = (version = 2): ItemProofState => ({ status: 'ready', version, comment: null, decided_at: null, decided_by: null });

/** The staff API: the versions list, and `other` for every other call. */
function serve(other: (config: InternalAxiosRequestConfig) => FakeAnswer = () => ({ status: 404, body: '{"message":"Not found"}' })) {
  return answerWith((config) =>
    config.method === 'get' && config.url === '/api/admin/orders/9/items/31/proofs' ? { body: JSON.stringify(VERSIONS) } : other(config),
  );
}

function show(proof: ItemProofState | null, status: StaffOrder['status'] = 'live') {
  render(
    <AdminContext dataProvider={dataProvider} i18nProvider={defaultI18nProvider} store={memoryStore()}>
      <ProofSection order={order(status)} item={item(proof)} />
    </AdminContext>,
  );
  return userEvent.setup();
}

describe('the Proofs part of an item on the staff order page', () => {
  it('lists every version, newest first: how it was made, by whom, the decision, the comment and the reminders', async () => {
    serve();
    show(ready());
    expect(screen.getByText('Waiting for the customer’s approval (v2)')).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Proof versions, newest first' });
    const [v2, v1] = within(list).getAllByRole('listitem');
    expect(v2).toHaveTextContent('Version 2');
    expect(v2).toHaveTextContent('Uploaded by Sam Staff · 24 Nov 2026, 09:30 · 200 KB');
    expect(v2).toHaveTextContent('No decision yet');
    expect(v2).toHaveTextContent('1 reminder sent');
    expect(v1).toHaveTextContent('Made from the artwork');
    expect(v1).toHaveTextContent('Changes asked for by Jo Bloggs · 23 Nov 2026, 15:00');
    expect(v1).toHaveTextContent('“Bigger logo, please”');
  });

  it('"View" opens that version’s PDF, fetched with staff’s Bearer session, in a new tab', async () => {
    const seen = serve(() => ({ body: '%PDF-1.7', headers: { 'content-type': 'application/pdf' } }));
    const tab = { closed: false, close: vi.fn(), location: { href: '' } };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    URL.createObjectURL = vi.fn(() => 'blob:v1');
    URL.revokeObjectURL = vi.fn();
    const u = show(ready());
    await u.click(await screen.findByRole('button', { name: 'View proof version 1 (opens in a new tab)' }));
    await waitFor(() => expect(tab.location.href).toBe('blob:v1'));
    const pdf = seen.find((c) => c.url === '/api/admin/orders/9/items/31/proof')!;
    expect(pdf.params).toEqual({ version: 1 });
    expect(pdf.responseType).toBe('blob');
  });

  it('uploads staff’s own proof with the version they saw; a file the server refuses is said beside it', async () => {
    const seen = serve(() => ({ status: 422, body: JSON.stringify({ message: 'Check the file', errors: { file: 'The proof must be a PDF' } }) }));
    const u = show(ready(2));
    await u.click(screen.getByRole('button', { name: 'Upload our own proof' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload our own proof: Business cards' });
    expect(dialog).toHaveTextContent('becomes version 3');
    await u.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Choose the proof PDF to upload');
    await u.upload(within(dialog).getByLabelText('Proof PDF'), new File(['not a pdf'], 'proof.pdf', { type: 'application/pdf' }));
    await u.click(within(dialog).getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent('The proof must be a PDF'));
    const upload = seen.find((c) => c.method === 'post')!;
    expect(upload.url).toBe('/api/admin/orders/9/items/31/proof');
    const form = upload.data as FormData;
    expect([...form.keys()]).toEqual(['version', 'file']);
    expect(form.get('version')).toBe('2');
    expect((form.get('file') as File).name).toBe('proof.pdf');
  });

  it('after an upload, says which version was made and reads the versions again', async () => {
    const seen = serve(() => ({ status: 201, body: JSON.stringify({ version: 3 }) }));
    const u = show(ready(2));
    await screen.findByRole('list', { name: 'Proof versions, newest first' });
    await u.click(screen.getByRole('button', { name: 'Upload our own proof' }));
    const dialog = await screen.findByRole('dialog');
    await u.upload(within(dialog).getByLabelText('Proof PDF'), new File(['%PDF-1.7'], 'rip-proof.pdf', { type: 'application/pdf' }));
    await u.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('Proof version 3 uploaded: the customer is told it is ready to approve.')).toBeTruthy();
    await waitFor(() => expect(seen.filter((c) => c.url === '/api/admin/orders/9/items/31/proofs')).toHaveLength(2));
  });

  it('approves for the customer with the required note and the version seen', async () => {
    const seen = serve(() => ({ body: '{}' }));
    const u = show(ready(2));
    await u.click(screen.getByRole('button', { name: 'Approve for the customer' }));
    const dialog = await screen.findByRole('dialog', { name: /Approve proof version 2 for the customer/ });
    const note = within(dialog).getByRole('textbox', { name: /How the customer approved it/ });
    await u.click(within(dialog).getByRole('button', { name: 'Approve for the customer' }));
    expect(note).toHaveAccessibleDescription(/Say who approved it and how/);
    expect(seen.some((c) => c.method === 'post')).toBe(false);
    await u.type(note, 'Approved by Jane on the phone');
    await u.click(within(dialog).getByRole('button', { name: 'Approve for the customer' }));
    expect(await screen.findByText('Proof version 2 approved for the customer.')).toBeTruthy();
    const approve = seen.find((c) => c.method === 'post')!;
    expect(approve.url).toBe('/api/admin/orders/9/items/31/proof/approve');
    expect(JSON.parse(approve.data as string)).toEqual({ version: 2, note: 'Approved by Jane on the phone' });
  });

  it('a stale version (409) says so in the dialog and reads the proof again', async () => {
    const seen = serve(() => ({ status: 409, body: JSON.stringify({ message: 'Proof version 2 is already approved.' }) }));
    const u = show(ready(2));
    await u.click(screen.getByRole('button', { name: 'Approve for the customer' }));
    const dialog = await screen.findByRole('dialog');
    await u.type(within(dialog).getByRole('textbox', { name: /How the customer approved it/ }), 'Jane, by phone');
    await u.click(within(dialog).getByRole('button', { name: 'Approve for the customer' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert')).toHaveTextContent('Proof version 2 is already approved. The proof changed since this page was read'),
    );
    await waitFor(() => expect(seen.filter((c) => c.url === '/api/admin/orders/9/items/31/proofs').length).toBeGreaterThan(1));
  });

  it('offers neither upload nor approval once approved, nor approval while the proof is made', async () => {
    serve();
    show({ status: 'approved', version: 2, comment: null, decided_at: '2026-11-24T10:00:00.000Z', decided_by: 'Jo Bloggs' });
    await screen.findByRole('list', { name: 'Proof versions, newest first' });
    expect(screen.queryByRole('button', { name: 'Upload our own proof' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Approve for the customer' })).toBeNull();
  });

  it('while the proof is made, staff may still upload their own, but not approve', async () => {
    serve();
    show({ status: 'making', version: 1, comment: null, decided_at: null, decided_by: null });
    expect(screen.getByText('Proof being made (v1)')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Upload our own proof' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approve for the customer' })).toBeNull();
  });
});

describe('how long an order has waited for approval', () => {
  const now = Date.parse('2026-11-25T12:00:00.000Z');
  it.each([
    ['2026-11-25T11:20:00.000Z', '40 min'],
    ['2026-11-25T07:00:00.000Z', '5 h'],
    ['2026-11-24T12:00:00.000Z', '1 day'],
    ['2026-11-22T08:00:00.000Z', '3 days 4 h'],
  ])('since %s: %s', (since, words) => {
    expect(waitedFor(since, now)).toBe(words);
  });
});
