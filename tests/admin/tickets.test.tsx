import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, defaultI18nProvider, memoryStore, ResourceContextProvider, TestMemoryRouter } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import type { InternalAxiosRequestConfig } from 'axios';
import { dataProvider } from '../../src/admin/dataProvider';
import { TicketList } from '../../src/admin/tickets/TicketList';
import { TicketShow } from '../../src/admin/tickets/TicketShow';
import type { StaffTicket, StaffTicketSummary } from '../../src/shared/api/tickets';
import { answerWith, stopAnswering, type FakeAnswer } from './helpers/fakeAdapter';

afterEach(() => stopAnswering());

const summary = (id: number, overrides: Partial<StaffTicketSummary> = {}): StaffTicketSummary => ({
  id,
  reason: 'Print quality',
  status: 'open',
  order_id: 1042,
  last_message_by: 'customer',
  last_message_at: '2026-11-20T10:00:00.000Z',
  last_message_excerpt: 'The colours are off',
  messages: 1,
  created_at: '2026-11-20T10:00:00.000Z',
  placed_by: { id: 5, name: 'Jane Doe' },
  user_id: 5,
  customer: 'Inkwell Design Studio',
  email: 'jane@inkwell-design.test',
  ...overrides,
});

const ticket = (overrides: Partial<StaffTicket> = {}): StaffTicket => ({
  ...summary(7),
  details: 'The colours on the cards are off.',
  thread: [{ id: 0, author: 'customer', author_name: 'Jane Okafor', body: 'The colours on the cards are off.', files: [], at: '2026-11-20T10:00:00.000Z' }],
  events: [],
  updated_at: '2026-11-20T10:00:00.000Z',
  user: { id: 5, email: 'jane@inkwell-design.test', company_name: 'Inkwell Design Studio', firstname: 'Jane', lastname: 'Okafor' },
  ...overrides,
});

const pathOf = (config: InternalAxiosRequestConfig) => new URL(config.url!, 'http://localhost').pathname;
/** A list call's query, decoded: sort, range and filter as the protocol sends them. */
const queryOf = (config: InternalAxiosRequestConfig) => {
  const params = new URL(config.url!, 'http://localhost').searchParams;
  return { sort: JSON.parse(params.get('sort') ?? 'null') as unknown, filter: JSON.parse(params.get('filter') ?? 'null') as unknown };
};

describe('the tickets list', () => {
  function renderList() {
    const seen = answerWith((config): FakeAnswer => {
      const path = pathOf(config);
      if (path === '/api/admin/tickets/counts') return { body: JSON.stringify({ all: 9, open: 3, answered: 4, closed: 2 }) };
      if (path === '/api/admin/tickets')
        return { body: JSON.stringify([summary(11), summary(12, { order_id: null })]), headers: { 'content-range': 'tickets 0-1/2' } };
      return { status: 404, body: '{"message":"Not found"}' };
    });
    render(
      <TestMemoryRouter initialEntries={['/tickets']}>
        <AdminContext dataProvider={dataProvider} i18nProvider={defaultI18nProvider} store={memoryStore()}>
          <ResourceContextProvider value="tickets">
            <TicketList />
          </ResourceContextProvider>
        </AdminContext>
      </TestMemoryRouter>,
    );
    const lists = () => seen.filter((config) => pathOf(config) === '/api/admin/tickets');
    return { seen, lists };
  }

  it('opens on Waiting for staff, oldest first, and each tab asks for its status in its own order', async () => {
    const u = userEvent.setup();
    const { lists, seen } = renderList();
    expect(await screen.findByRole('tab', { name: 'Waiting for staff (3)', selected: true })).toBeVisible();
    expect(screen.getByRole('tab', { name: 'Waiting for customer (4)' })).toBeVisible();
    expect(screen.getByRole('tab', { name: 'Closed (2)' })).toBeVisible();
    expect(screen.getByRole('tab', { name: 'All (9)' })).toBeVisible();
    await screen.findByRole('row', { name: /#11/ });
    expect(queryOf(lists()[0])).toEqual({ sort: ['last_message_at', 'ASC'], filter: { status: 'open' } });
    // The counts are asked without the status: each tab counts under the other filters.
    const counts = seen.find((config) => pathOf(config) === '/api/admin/tickets/counts')!;
    expect(JSON.parse((counts.params as { filter: string }).filter)).toEqual({});

    await u.click(screen.getByRole('tab', { name: /^Waiting for customer/ }));
    await vi.waitFor(() => expect(queryOf(lists().at(-1)!)).toEqual({ sort: ['last_message_at', 'ASC'], filter: { status: 'answered' } }));
    await u.click(screen.getByRole('tab', { name: /^Closed/ }));
    await vi.waitFor(() => expect(queryOf(lists().at(-1)!)).toEqual({ sort: ['last_message_at', 'DESC'], filter: { status: 'closed' } }));
    await u.click(screen.getByRole('tab', { name: /^All/ }));
    await vi.waitFor(() => expect(queryOf(lists().at(-1)!)).toEqual({ sort: ['last_message_at', 'DESC'], filter: {} }));
  });

  it('links each row’s customer and order, and shows the status in words', async () => {
    renderList();
    const row = await screen.findByRole('row', { name: /#11/ });
    expect(within(row).getByRole('link', { name: 'Inkwell Design Studio' })).toHaveAttribute('href', '/admin/users/5');
    expect(within(row).getByRole('link', { name: 'Order 1042' })).toHaveAttribute('href', '/admin/orders/1042');
    expect(within(row).getByText('Waiting for staff')).toBeVisible();
    expect(within(row).getByText(/^Customer · /)).toBeVisible();
    expect(within(screen.getByRole('row', { name: /#12/ })).queryByRole('link', { name: /^Order/ })).toBeNull();
  });
});

describe('the reply form of a ticket', () => {
  function renderTicket(reply: (config: InternalAxiosRequestConfig) => FakeAnswer, shown: StaffTicket = ticket()) {
    const seen = answerWith((config): FakeAnswer => {
      const path = pathOf(config);
      if (path === '/api/admin/tickets/7' && config.method === 'get') return { body: JSON.stringify(shown) };
      if (path.startsWith('/api/admin/tickets/7/')) return reply(config);
      return { status: 404, body: '{"message":"Not found"}' };
    });
    const { container } = render(
      <TestMemoryRouter initialEntries={['/tickets/7']}>
        <AdminContext dataProvider={dataProvider} i18nProvider={defaultI18nProvider} store={memoryStore()}>
          <ResourceContextProvider value="tickets">
            <Routes>
              <Route path="/tickets/:id/*" element={<TicketShow />} />
            </Routes>
          </ResourceContextProvider>
        </AdminContext>
      </TestMemoryRouter>,
    );
    const choose = (...files: File[]) => fireEvent.change(container.querySelector('input[type=file]')!, { target: { files } });
    return { seen, choose };
  }

  const png = (name: string) => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: 'image/png' });

  it('refuses a text file and a sixth file beside the field, sends the rest as one multipart message', async () => {
    const u = userEvent.setup();
    const answered = ticket({ status: 'answered', last_message_by: 'staff' });
    const { seen, choose } = renderTicket(() => ({ body: JSON.stringify(answered) }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Ticket 7 — Print quality' })).toBeVisible();
    const attach = screen.getByRole('button', { name: 'Attach files' });

    choose(new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('notes.txt: only PNG, JPEG or PDF files can be attached.');
    expect(attach).toHaveAccessibleDescription(/notes\.txt: only PNG, JPEG or PDF/);
    expect(screen.queryByRole('list', { name: 'Files to send' })).toBeNull();

    choose(png('1.png'), png('2.png'), png('3.png'), png('4.png'), png('5.png'), png('6.png'));
    expect(await screen.findByRole('alert')).toHaveTextContent('6.png: at most 5 files per message.');
    const chosen = screen.getByRole('list', { name: 'Files to send' });
    expect(within(chosen).getAllByRole('listitem')).toHaveLength(5);
    expect(attach).toBeDisabled();
    // With files and no text, the files go on their own.
    expect(screen.getByRole('button', { name: 'Send files only' })).toBeVisible();
    await u.click(within(chosen).getByRole('button', { name: 'Remove 5.png' }));
    expect(within(chosen).getAllByRole('listitem')).toHaveLength(4);

    await u.type(screen.getByLabelText('Reply to the customer'), 'Reprinted today, see the proof.');
    await u.click(screen.getByRole('button', { name: 'Send reply' }));
    await screen.findByText('Waiting for customer');
    const sent = seen.find((config) => config.method === 'post')!;
    expect(pathOf(sent)).toBe('/api/admin/tickets/7/replies');
    const form = sent.data as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect(form.get('body')).toBe('Reprinted today, see the proof.');
    expect((form.getAll('files') as File[]).map((file) => file.name)).toEqual(['1.png', '2.png', '3.png', '4.png']);
    // Sent: the form is empty again.
    expect(screen.getByLabelText('Reply to the customer')).toHaveValue('');
    expect(screen.queryByRole('list', { name: 'Files to send' })).toBeNull();
  });

  it('shows the server’s refusal beside the field and keeps the text', async () => {
    const u = userEvent.setup();
    const { seen } = renderTicket(() => ({
      status: 422,
      body: JSON.stringify({ message: 'The given data was invalid.', errors: { body: 'At most 5000 characters' } }),
    }));
    const field = await screen.findByLabelText('Reply to the customer');
    await u.type(field, 'Thanks, we will look.');
    await u.click(screen.getByRole('button', { name: 'Send reply' }));
    await vi.waitFor(() => expect(field).toHaveAccessibleDescription('At most 5000 characters'));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveValue('Thanks, we will look.');
    const sent = seen.find((config) => config.method === 'post')!;
    expect(pathOf(sent)).toBe('/api/admin/tickets/7/replies');
    expect(JSON.parse(sent.data as string)).toEqual({ body: 'Thanks, we will look.' });
  });

  it('sends files without text to /files', async () => {
    const u = userEvent.setup();
    const { seen, choose } = renderTicket(() => ({ body: JSON.stringify(ticket({ status: 'answered' })) }));
    await screen.findByLabelText('Reply to the customer');
    choose(new File(['%PDF-1.7'], 'proof.pdf', { type: 'application/pdf' }));
    await u.click(await screen.findByRole('button', { name: 'Send files only' }));
    await screen.findByText('Waiting for customer');
    const sent = seen.find((config) => config.method === 'post')!;
    expect(pathOf(sent)).toBe('/api/admin/tickets/7/files');
    expect(((sent.data as FormData).getAll('files') as File[]).map((file) => file.name)).toEqual(['proof.pdf']);
    expect((sent.data as FormData).get('body')).toBeNull();
  });

  it('hides the reply on a closed ticket, and a reopen the server refuses (409) is said and the ticket read again', async () => {
    const u = userEvent.setup();
    const closed = ticket({
      status: 'closed',
      events: [{ from: 'open', to: 'closed', actor: 'customer', actor_name: 'Jane Okafor', at: '2026-11-21T09:00:00.000Z' }],
    });
    const { seen } = renderTicket(() => ({ status: 409, body: JSON.stringify({ message: 'This ticket was changed meanwhile.' }) }), closed);
    expect(await screen.findByText('This ticket is closed — reopen it to reply.')).toBeVisible();
    expect(screen.queryByLabelText('Reply to the customer')).toBeNull();
    expect(screen.getByRole('list', { name: 'Thread of ticket 7' })).toHaveTextContent(/Jane Okafor \(customer\) closed the ticket/);
    await u.click(within(screen.getByRole('group', { name: 'Ticket actions' })).getByRole('button', { name: 'Reopen ticket' }));
    expect(await screen.findByText('This ticket was changed meanwhile.')).toBeVisible();
    await vi.waitFor(() => expect(seen.filter((config) => pathOf(config) === '/api/admin/tickets/7' && config.method === 'get')).toHaveLength(2));
  });
});
