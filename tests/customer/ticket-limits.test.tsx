import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { Ticket, TicketList } from '../../src/shared/api/tickets';
import { clearSession, setUser } from '../../src/shared/auth';
import { BACKGROUND_ROUTES, fakeApi, makeUser, stopFakeApi, type Handler } from '../helpers/fakeApi';
import { installDomGaps } from './helpers/dom';
import { renderApp } from './helpers/renderApp';

/** The server's per-account limits on tickets and messages answer 429: the form says why, beside itself. */

const EMPTY_LIST: TicketList = { data: [], total: 0, page: 1, per_page: 20, counts: { all: 0, open: 0, answered: 0, closed: 0 } };
const TICKET: Ticket = {
  id: 5,
  reason: 'Delivery',
  status: 'open',
  order_id: null,
  last_message_by: 'customer',
  last_message_at: '2025-03-04T10:00:00.000Z',
  last_message_excerpt: 'The box was crushed.',
  messages: 1,
  created_at: '2025-03-04T10:00:00.000Z',
  placed_by: { id: 1, name: 'Jo Bloggs' },
  details: 'The box was crushed.',
  thread: [{ id: 0, author: 'customer', author_name: 'Jo Bloggs', body: 'The box was crushed.', files: [], at: '2025-03-04T10:00:00.000Z' }],
  events: [],
  updated_at: '2025-03-04T10:00:00.000Z',
};
const TOO_MANY_TICKETS = 'You can open 10 tickets per hour. Please wait 12 minutes before opening another, or write on one of your open tickets.';
const TOO_MANY_MESSAGES = 'You can send 60 messages per hour on your tickets. Please wait 3 minutes before sending another.';
const api = (extra: Record<string, Handler>) =>
  fakeApi({ ...BACKGROUND_ROUTES, 'GET /api/orders': () => ({ data: { data: [], total: 0, page: 1, per_page: 20 } }), ...extra });

beforeAll(async () => {
  installDomGaps();
  // The pages load lazily; loaded here, so that the router settles within its time on a busy machine.
  await Promise.all([import('../../src/customer/pages/tickets/TicketsPage'), import('../../src/customer/pages/tickets/TicketViewPage')]);
}, 60_000);
beforeEach(() => {
  clearSession();
  setUser(makeUser());
});
afterEach(() => stopFakeApi());

describe('ticket limits in the customer app', () => {
  it('a new ticket refused for too many shows the reason in the form, and keeps what was typed', async () => {
    const requests = api({
      'GET /api/tickets': () => ({ data: EMPTY_LIST }),
      'POST /api/tickets': () => ({ status: 429, data: { message: TOO_MANY_TICKETS } }),
    });
    await renderApp('/tickets?new=1');
    const form = screen.getByRole('region', { name: 'New ticket' });
    fireEvent.mouseDown(within(form).getByRole('combobox', { name: /What is it about/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Delivery' }));
    fireEvent.change(within(form).getByLabelText(/Details/), { target: { value: 'The box was crushed.' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Open ticket' }));

    expect(await within(form).findByText(TOO_MANY_TICKETS)).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'post')).toHaveLength(1);
    expect(within(form).getByLabelText(/Details/)).toHaveValue('The box was crushed.');
    expect(screen.queryByRole('dialog')).toBeNull(); // no error dialog: the form says it
  });

  it('a reply refused for too many shows the reason above the reply, and keeps the text', async () => {
    api({
      'GET /api/tickets/5': () => ({ data: TICKET }),
      'POST /api/tickets/5/replies': () => ({ status: 429, data: { message: TOO_MANY_MESSAGES } }),
    });
    await renderApp('/tickets/5');
    const reply = await screen.findByRole('form', { name: 'Reply' });
    fireEvent.change(within(reply).getByLabelText(/Your reply/), { target: { value: 'Any news?' } });
    fireEvent.click(within(reply).getByRole('button', { name: 'Send reply' }));

    expect(await within(reply).findByRole('alert')).toHaveTextContent(TOO_MANY_MESSAGES);
    expect(within(reply).getByLabelText(/Your reply/)).toHaveValue('Any news?');
  });
});
