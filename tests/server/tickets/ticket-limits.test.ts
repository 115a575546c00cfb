import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Ticket } from '../../../src/shared/api/tickets';
import { mailOutbox } from '../../../src/server/db/schema';
import { createTestApp, RELAXED_LIMITS, type TestApp } from '../helpers/app';
import { ok, staffClient } from '../helpers/catalogue';
import { ApiClient, registerAs } from '../helpers/client';

/** One customer cannot flood the help desk: tickets and messages are limited per account, and staff's inbox hears of a burst once. */
let t: TestApp;
const STAFF_EMAIL = 'studio@printjunction.test';

beforeAll(async () => {
  t = await createTestApp({
    rateLimits: { ...RELAXED_LIMITS, tickets: { max: 3, windowMs: 60 * 60_000 }, ticketReplies: { max: 5, windowMs: 60 * 60_000 } },
  });
}, 60_000);
afterAll(() => t?.close());

const customer = async () => {
  const client = new ApiClient(t.app);
  await registerAs(client);
  return client;
};
const open = (client: ApiClient, details = 'The cards came creased.') => client.post('/api/tickets', { reason: 'Delivery', details });
const staffMails = (ticketId: number) =>
  t.database.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, STAFF_EMAIL), like(mailOutbox.text, `%/admin/tickets/${ticketId}%`)));

describe('per-account limits', () => {
  it('opens so many tickets an hour, then answers 429 saying how long to wait; another customer is not affected', async () => {
    const c = await customer();
    for (let i = 0; i < 3; i++) ok<Ticket>(await open(c), 201);
    const refused = await open(c);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(
      /^You can open 3 tickets per hour\. Please wait \d+ minutes before opening another, or write on one of your open tickets\.$/,
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await c.get('/api/tickets')).json().total).toBe(3);
    ok<Ticket>(await open(await customer()), 201);
  });

  it("takes so many messages an hour — replies, files and reopens alike, on all of the customer's tickets together", async () => {
    const c = await customer();
    const first = ok<Ticket>(await open(c), 201);
    const second = ok<Ticket>(await open(c), 201);
    ok(await c.post(`/api/tickets/${first.id}/replies`, { body: 'One' }));
    ok(await c.post(`/api/tickets/${second.id}/replies`, { body: 'Two' }));
    ok(await c.post(`/api/tickets/${first.id}/close`));
    ok(await c.post(`/api/tickets/${first.id}/reopen`));
    ok(await c.post(`/api/tickets/${second.id}/replies`, { body: 'Three' }));
    ok(await c.post(`/api/tickets/${second.id}/replies`, { body: 'Four' }));
    const refused = await c.post(`/api/tickets/${first.id}/replies`, { body: 'Five' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^You can send 5 messages per hour on your tickets\. Please wait \d+ minutes before sending another\.$/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await c.post(`/api/tickets/${second.id}/files`)).statusCode).toBe(429);
    // Nothing was written by the refused message.
    expect(ok<Ticket>(await c.get(`/api/tickets/${first.id}`)).thread.map((m) => m.body)).toEqual(['The cards came creased.', 'One']);
    // Closing tells staff nothing and is not limited.
    ok(await c.post(`/api/tickets/${second.id}/close`));
  });
});

describe('staff e-mail', () => {
  it('a burst of customer messages on a ticket is one e-mail to staff, not one per message; after staff answer, the next is e-mailed', async () => {
    const c = await customer();
    const ticket = ok<Ticket>(await open(c, 'First message'), 201);
    for (const body of ['Second', 'Third', 'Fourth', 'Fifth']) ok(await c.post(`/api/tickets/${ticket.id}/replies`, { body }));
    await t.outbox();
    const burst = await staffMails(ticket.id);
    // One (the new ticket's), or two should the burst cross a ten-minute mark of the clock.
    expect(burst.length).toBeGreaterThanOrEqual(1);
    expect(burst.length).toBeLessThanOrEqual(2);
    expect(burst[0].subject).toMatch(new RegExp(`^New ticket ${ticket.id}`));
    expect(burst[0].text).toMatch(/are not e-mailed one by one: open the ticket to see them all/);

    const staff = await staffClient(t);
    ok(await staff.post(`/api/admin/tickets/${ticket.id}/replies`, { body: 'We are on it.' }));
    ok(await c.post(`/api/tickets/${ticket.id}/replies`, { body: 'Thanks' }));
    const after = await staffMails(ticket.id);
    expect(after).toHaveLength(burst.length + 1);
    expect(after.at(-1)).toMatchObject({ subject: `Ticket ${ticket.id}: the customer replied` });
    expect(after.at(-1)!.text).toContain('> Thanks');
  });
});
