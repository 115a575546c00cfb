import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffTicket, StaffTicketSummary, Ticket, TicketCounts, TicketList } from '../../../src/shared/api/tickets';
import { CLOSED_TICKET_MESSAGE, statusAfterMessage, findTicketTransition, TICKET_STATUSES } from '../../../src/shared/domain/tickets/tickets';
import type { Order } from '../../../src/shared/api/orders';
import { mailOutbox, ticketFiles, tickets } from '../../../src/server/db/schema';
import type { TestApp } from '../helpers/app';
import type { ApiClient } from '../helpers/client';
import { FAKE_PDFS, makePdf } from '../artwork/fixtures';
import { basketWithCard, confirmedOrder, customer, ok, orderingApp, seedDelivery, type Catalogue } from '../orders/helpers';

/** The Resolution Centre — status rules, access, attachments and the mail both ways. */
let t: TestApp;
let staff: ApiClient;
let shopper: ApiClient;
let other: ApiClient;
let cat: Catalogue;
let del: Awaited<ReturnType<typeof seedDelivery>>;
let order: Order;

const STAFF_EMAIL = 'studio@printjunction.test';

beforeAll(async () => {
  ({ t, staff, cat, shopper, del } = await orderingApp());
  other = (await customer(t)).client;
  order = await confirmedOrder(t, shopper, cat, del.first.id);
}, 60_000);
afterAll(() => t?.close());

const db = () => t.database.db;

interface Part {
  name: string;
  value: string | Buffer;
  filename?: string;
  type?: string;
}
/** multipart/form-data with text fields and file parts, as a browser sends it. */
function multipartBody(parts: Part[]) {
  const boundary = `----pjt${Math.random().toString(16).slice(2)}`;
  const chunks = parts.flatMap((part) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ''}\r\n` +
        (part.filename ? `Content-Type: ${part.type ?? 'application/octet-stream'}\r\n` : '') +
        '\r\n',
    ),
    Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value),
    Buffer.from('\r\n'),
  ]);
  return { payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
const send = (client: ApiClient, url: string, parts: Part[]) => {
  const { payload, headers } = multipartBody(parts);
  return client.request('POST', url, payload, { headers });
};
const file = (value: Buffer | Uint8Array, filename: string, type?: string): Part => ({ name: 'files', value: Buffer.from(value), filename, type });

/** A photo as a phone takes it: a JPEG carrying EXIF (camera, GPS-like text). */
const photo = () =>
  sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 200, g: 30, b: 60 } } })
    .jpeg()
    .withExif({ IFD0: { Make: 'PhoneCo', Copyright: 'Home address 1 Secret Lane' } })
    .toBuffer();
const png = () =>
  sharp({ create: { width: 40, height: 30, channels: 4, background: { r: 0, g: 0, b: 255, alpha: 0.5 } } })
    .png()
    .toBuffer();

const open = async (client = shopper, body: Record<string, unknown> = {}) =>
  ok<Ticket>(await client.post('/api/tickets', { reason: 'Print quality', details: 'The colours are off on the cards.', order_id: order.id, ...body }), 201);
const mailsTo = async (address: string) =>
  (await db().select().from(mailOutbox).where(eq(mailOutbox.toAddress, address))).map((m) => ({ subject: m.subject, text: m.text }));

describe('the status rules (shared/domain)', () => {
  it('a staff message answers, a customer message opens, a closed ticket takes none; either side closes and reopens', () => {
    for (const status of TICKET_STATUSES.filter((s) => s !== 'closed')) {
      expect(statusAfterMessage(status, 'staff')).toBe('answered');
      expect(statusAfterMessage(status, 'customer')).toBe('open');
    }
    expect(statusAfterMessage('closed', 'staff')).toBeNull();
    expect(statusAfterMessage('closed', 'customer')).toBeNull();
    for (const actor of ['customer', 'staff'] as const) {
      expect(findTicketTransition('open', 'closed', actor)).toBeDefined();
      expect(findTicketTransition('answered', 'closed', actor)).toBeDefined();
      expect(findTicketTransition('closed', 'open', actor)).toBeDefined();
      expect(findTicketTransition('open', 'answered', actor)).toBeUndefined();
      expect(findTicketTransition('closed', 'closed', actor)).toBeUndefined();
    }
  });
});

describe('a ticket through its life', () => {
  it('opens about an order with a photo, mails staff; staff answer (customer mailed); the customer replies, closes and reopens', async () => {
    const res = await send(shopper, '/api/tickets', [
      { name: 'reason', value: 'Print quality' },
      { name: 'details', value: 'The red is orange on every card.\nSee the photo.' },
      { name: 'order_id', value: String(order.id) },
      file(await photo(), 'IMG_0001.jpg', 'image/jpeg'),
      file(await makePdf([{ widthMm: 91, heightMm: 61 }]), 'proof.pdf', 'application/pdf'),
    ]);
    const ticket = ok<Ticket>(res, 201);
    expect(ticket).toMatchObject({ status: 'open', reason: 'Print quality', order_id: order.id, last_message_by: 'customer', messages: 1 });
    expect(ticket.thread).toHaveLength(1);
    const [jpeg, pdf] = ticket.thread[0].files;
    expect(jpeg).toMatchObject({ name: 'IMG_0001.jpg', kind: 'jpeg', width: 1200, height: 800 });
    expect(pdf).toMatchObject({ name: 'proof.pdf', kind: 'pdf', width: null });

    const staffMail = (await mailsTo(STAFF_EMAIL)).find((m) => m.subject.startsWith(`New ticket ${ticket.id}`))!;
    expect(staffMail.subject).toBe(`New ticket ${ticket.id}: Print quality — order ${order.id}`);
    expect(staffMail.text).toContain('> The red is orange on every card.');
    expect(staffMail.text).toContain('2 files attached');
    expect(staffMail.text).toContain(`http://localhost:3000/admin/tickets/${ticket.id}`);

    // Staff see it waiting, with the customer; the tab counts agree.
    const waiting = ok<StaffTicketSummary[]>(await staff.get(`/api/admin/tickets?filter=${encodeURIComponent(JSON.stringify({ status: 'open' }))}`));
    expect(waiting.map((w) => w.id)).toContain(ticket.id);
    const counts = ok<TicketCounts>(await staff.get('/api/admin/tickets/counts'));
    expect(counts.open).toBeGreaterThanOrEqual(1);

    // Staff answer with a PNG: answered, and the customer hears with the text and a link.
    const answered = ok<StaffTicket>(
      await send(staff, `/api/admin/tickets/${ticket.id}/replies`, [
        { name: 'body', value: 'Sorry — we will reprint them today.' },
        file(await png(), 'reprint.png', 'image/png'),
      ]),
    );
    expect(answered).toMatchObject({ status: 'answered', last_message_by: 'staff', messages: 2 });
    expect(answered.thread[1]).toMatchObject({ author: 'staff', body: 'Sorry — we will reprint them today.' });
    // Staff read each other by name; the customer reads staff as the company.
    expect(answered.thread[1].author_name).not.toMatch(/ at /);
    expect(ok<Ticket>(await shopper.get(`/api/tickets/${ticket.id}`)).thread[1].author_name).toMatch(/^\S+ at Print Junction Trade$/);
    expect(answered.user.id).toBe(answered.user_id);
    const customerMail = (await t.outbox()).map((m) => m.text).find((text) => text.includes(`Subject: We replied to your ticket ${ticket.id}`))!;
    expect(customerMail).toContain('> Sorry — we will reprint them today.');
    expect(customerMail).toContain(`http://localhost:3000/tickets/${ticket.id}`);

    // The customer replies (JSON): open again, staff mailed.
    const replied = ok<Ticket>(await shopper.post(`/api/tickets/${ticket.id}/replies`, { body: 'Thank you!' }));
    expect(replied).toMatchObject({ status: 'open', last_message_by: 'customer', messages: 3 });
    expect((await mailsTo(STAFF_EMAIL)).some((m) => m.subject === `Ticket ${ticket.id}: the customer replied` && m.text.includes('> Thank you!'))).toBe(true);

    // Closed: a reply is refused with the way out; reopened: it waits for staff, who hear of it.
    const closed = ok<Ticket>(await shopper.post(`/api/tickets/${ticket.id}/close`));
    expect(closed.status).toBe('closed');
    expect(closed.events).toEqual([expect.objectContaining({ from: 'open', to: 'closed', actor: 'customer' })]);
    const refused = await shopper.post(`/api/tickets/${ticket.id}/replies`, { body: 'One more thing' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(CLOSED_TICKET_MESSAGE);
    expect((await staff.post(`/api/admin/tickets/${ticket.id}/replies`, { body: 'Late note' })).statusCode).toBe(409);
    expect((await shopper.post(`/api/tickets/${ticket.id}/close`)).statusCode).toBe(409);
    const reopened = ok<Ticket>(await shopper.post(`/api/tickets/${ticket.id}/reopen`));
    expect(reopened.status).toBe('open');
    expect((await mailsTo(STAFF_EMAIL)).some((m) => m.subject === `Ticket ${ticket.id} was reopened`)).toBe(true);

    // Staff close: the customer is told how to reopen.
    ok(await staff.post(`/api/admin/tickets/${ticket.id}/close`));
    expect((await t.outbox()).some((m) => m.text.includes(`Subject: Ticket ${ticket.id} is closed`))).toBe(true);
    const list = ok<TicketList>(await shopper.get('/api/tickets?status=closed'));
    expect(list.data.find((row) => row.id === ticket.id)).toMatchObject({ status: 'closed', last_message_excerpt: 'Thank you!', messages: 3 });
  });

  it('each message is one transaction: a failed one leaves no reply, no file and no mail behind', async () => {
    const ticket = await open();
    ok(await shopper.post(`/api/tickets/${ticket.id}/close`));
    const before = (await db().select().from(mailOutbox)).length;
    const res = await send(shopper, `/api/tickets/${ticket.id}/replies`, [{ name: 'body', value: 'Closed meanwhile' }, file(await png(), 'a.png')]);
    expect(res.statusCode).toBe(409);
    expect(await db().select().from(ticketFiles).where(eq(ticketFiles.ticketId, ticket.id))).toEqual([]);
    expect((await db().select().from(mailOutbox)).length).toBe(before);
    expect(ok<Ticket>(await shopper.get(`/api/tickets/${ticket.id}`)).thread).toHaveLength(1);
  });
});

describe('attachments', () => {
  it('are re-encoded without their metadata, with a thumbnail; PDFs are served as downloads of their own type', async () => {
    const ticket = ok<Ticket>(
      await send(shopper, '/api/tickets', [
        { name: 'reason', value: 'Delivery' },
        { name: 'details', value: 'Box arrived crushed' },
        file(await photo(), 'box.jpg'),
        file(await makePdf([{ widthMm: 50, heightMm: 50 }]), 'note.pdf'),
      ]),
      201,
    );
    const [image, doc] = ticket.thread[0].files;
    const full = await shopper.get(`/api/tickets/${ticket.id}/files/${image.id}`);
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('image/jpeg');
    expect(full.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(full.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect(full.rawPayload.includes('Secret Lane')).toBe(false);
    const thumb = await shopper.get(`/api/tickets/${ticket.id}/files/${image.id}?size=thumbnail`);
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect((await sharp(thumb.rawPayload).metadata()).width).toBeLessThanOrEqual(320);
    const pdf = await shopper.get(`/api/tickets/${ticket.id}/files/${doc.id}`);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toMatch(/^attachment; filename="note.pdf"/);
    // Stored under server-made names, not the sender's.
    const [row] = await db().select().from(ticketFiles).where(eq(ticketFiles.id, image.id));
    expect(row.fileKey).toMatch(/^tickets\/[0-9a-f-]{36}\.jpg$/);
    // Staff read them too.
    expect((await staff.get(`/api/admin/tickets/${ticket.id}/files/${doc.id}`)).statusCode).toBe(200);
  });

  it('refuses another type (by content, whatever its name), a file too large, too many, and an empty one — beside the files field, saving nothing', async () => {
    const count = async () => (await db().select().from(tickets)).length;
    const before = await count();
    const base: Part[] = [
      { name: 'reason', value: 'Artwork' },
      { name: 'details', value: 'See attached' },
    ];

    const disguised = await send(shopper, '/api/tickets', [...base, file(Buffer.from('MZ this is really a program'), 'photo.png', 'image/png')]);
    expect(disguised.statusCode).toBe(422);
    expect(disguised.json().errors.files).toBe('photo.png: only PNG, JPEG or PDF files can be attached.');

    const html = await send(shopper, '/api/tickets', [...base, file(FAKE_PDFS.htmlWithSignatureInComment, 'invoice.pdf', 'application/pdf')]);
    expect(html.statusCode).toBe(422);
    expect(html.json().errors.files).toBe('invoice.pdf: only PNG, JPEG or PDF files can be attached.');
    const unopenable = await send(shopper, '/api/tickets', [...base, file(FAKE_PDFS.htmlAfterSignature, 'proof.pdf', 'application/pdf')]);
    expect(unopenable.json().errors.files).toBe('proof.pdf: only PNG, JPEG or PDF files can be attached (this PDF could not be opened: it may be damaged).');

    const large = await send(shopper, '/api/tickets', [...base, file(Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(10 * 1024 * 1024)]), 'huge.pdf')]);
    expect(large.statusCode).toBe(422);
    expect(large.json().errors.files).toBe('huge.pdf: at most 10 MB per file.');

    const small = await png();
    const six = await send(shopper, '/api/tickets', [...base, ...Array.from({ length: 6 }, (_, i) => file(small, `p${i}.png`))]);
    expect(six.statusCode).toBe(422);
    expect(six.json().errors.files).toBe('At most 5 files per message.');
    const seven = await send(shopper, '/api/tickets', [...base, ...Array.from({ length: 7 }, (_, i) => file(small, `p${i}.png`))]);
    expect(seven.statusCode).toBe(422);
    expect(seven.json().errors.files).toContain('At most 5 files per message.');

    const empty = await send(shopper, '/api/tickets', [...base, file(Buffer.alloc(0), 'empty.pdf')]);
    expect(empty.json().errors.files).toBe('empty.pdf: this file is empty.');

    const broken = await send(shopper, '/api/tickets', [...base, file(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]), 'cut.png')]);
    expect(broken.json().errors.files).toBe('cut.png: this image could not be read; it may be damaged.');

    // Files only needs a file.
    const ticket = await open();
    const none = await send(shopper, `/api/tickets/${ticket.id}/files`, [{ name: 'body', value: 'no files' }]);
    expect(none.statusCode).toBe(422);
    expect(none.json().errors.files).toBe('Choose at least one file to send.');
    expect((await shopper.post(`/api/tickets/${ticket.id}/files`, {})).statusCode).toBe(422);
    const filesOnly = ok<Ticket>(await send(shopper, `/api/tickets/${ticket.id}/files`, [file(small, 'more.png')]));
    expect(filesOnly.thread[1]).toMatchObject({ body: '', files: [expect.objectContaining({ name: 'more.png' })] });
    expect(await count()).toBe(before + 1);
  });
});

describe('bad input', () => {
  it('empty details or reply, a reason not on the list: 422 beside each field, with both field and file problems at once', async () => {
    const res = await shopper.post('/api/tickets', { reason: 'Anger', details: '   ' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ reason: 'Choose what it is about', details: 'Tell us what happened' });
    const both = await send(shopper, '/api/tickets', [{ name: 'reason', value: 'Other' }, file(Buffer.from('text'), 'notes.txt')]);
    expect(both.json().errors).toEqual({ details: 'Tell us what happened', files: 'notes.txt: only PNG, JPEG or PDF files can be attached.' });
    const ticket = await open();
    const reply = await shopper.post(`/api/tickets/${ticket.id}/replies`, { body: '' });
    expect(reply.statusCode).toBe(422);
    expect(reply.json().errors).toEqual({ body: 'Write your reply' });
    expect((await shopper.post(`/api/tickets/${ticket.id}/replies`, { body: 'x'.repeat(5001) })).json().errors.body).toBe('At most 5000 characters');
    expect((await shopper.post('/api/tickets', { reason: 'Other', details: 'x', extra: 1 })).json().errors).toEqual({ extra: expect.any(String) });
  });

  it("an order that is not the customer's, or a basket, is 404 beside the order field", async () => {
    const theirs = await confirmedOrder(t, other, cat, del.first.id);
    const res = await shopper.post('/api/tickets', { reason: 'Delivery', details: 'Where is it?', order_id: theirs.id });
    expect(res.statusCode).toBe(404);
    expect(res.json().errors).toEqual({ order_id: 'No such order among yours.' });
    const { order: basket } = await basketWithCard(shopper, cat);
    expect((await shopper.post('/api/tickets', { reason: 'Delivery', details: 'Where is it?', order_id: basket.id })).statusCode).toBe(404);
    expect((await shopper.post('/api/tickets', { reason: 'Delivery', details: 'No order', order_id: '' })).statusCode).toBe(201);
  });
});

describe('access', () => {
  it("another customer's ticket, its replies, files, close and reopen answer 404; staff routes 403", async () => {
    const ticket = ok<Ticket>(
      await send(shopper, '/api/tickets', [
        { name: 'reason', value: 'Billing' },
        { name: 'details', value: 'Invoice total looks wrong' },
        file(await png(), 'invoice.png'),
      ]),
      201,
    );
    const fileId = ticket.thread[0].files[0].id;
    expect((await other.get(`/api/tickets/${ticket.id}`)).statusCode).toBe(404);
    expect((await other.post(`/api/tickets/${ticket.id}/replies`, { body: 'Hijack' })).statusCode).toBe(404);
    expect((await send(other, `/api/tickets/${ticket.id}/files`, [file(await png(), 'x.png')])).statusCode).toBe(404);
    expect((await other.post(`/api/tickets/${ticket.id}/close`)).statusCode).toBe(404);
    expect((await other.post(`/api/tickets/${ticket.id}/reopen`)).statusCode).toBe(404);
    expect((await other.get(`/api/tickets/${ticket.id}/files/${fileId}`)).statusCode).toBe(404);
    // A file id under the wrong ticket is no file either.
    const mine = await open(other, { order_id: undefined });
    expect((await other.get(`/api/tickets/${mine.id}/files/${fileId}`)).statusCode).toBe(404);
    expect(ok<TicketList>(await other.get('/api/tickets')).data.map((row) => row.id)).not.toContain(ticket.id);
    expect((await shopper.get('/api/admin/tickets')).statusCode).toBe(403);
    expect((await shopper.post(`/api/admin/tickets/${ticket.id}/replies`, { body: 'I am staff' })).statusCode).toBe(403);
    // Nothing changed.
    expect(ok<Ticket>(await shopper.get(`/api/tickets/${ticket.id}`))).toMatchObject({ status: 'open', messages: 1 });
  });
});

describe('lists', () => {
  it("the customer's list filters by status and searches; staff filter by customer and order, search, and sort oldest waiting first", async () => {
    const a = await open(shopper, { details: 'Cards cut crooked' });
    const b = await open(shopper, { details: 'Flyers smudged', order_id: undefined });
    ok(await staff.post(`/api/admin/tickets/${b.id}/replies`, { body: 'Please send a photo' }));
    const mine = ok<TicketList>(await shopper.get('/api/tickets?status=answered'));
    expect(mine.data.map((r) => r.id)).toContain(b.id);
    expect(mine.data.map((r) => r.id)).not.toContain(a.id);
    expect(mine.counts.all).toBe(mine.counts.open + mine.counts.answered + mine.counts.closed);
    expect(ok<TicketList>(await shopper.get(`/api/tickets?q=${encodeURIComponent('crooked')}`)).data.map((r) => r.id)).toEqual([a.id]);

    const query = (filter: object, sort = ['last_message_at', 'ASC']) =>
      staff.get(`/api/admin/tickets?filter=${encodeURIComponent(JSON.stringify(filter))}&sort=${encodeURIComponent(JSON.stringify(sort))}&range=[0,99]`);
    const byOrder = ok<StaffTicketSummary[]>(await query({ order_id: order.id }));
    expect(byOrder.every((r) => r.order_id === order.id)).toBe(true);
    expect(byOrder.map((r) => r.id)).toContain(a.id);
    const open_ = ok<StaffTicketSummary[]>(await query({ status: 'open' }));
    const times = open_.map((r) => r.last_message_at);
    expect([...times].sort()).toEqual(times);
    expect(ok<StaffTicketSummary[]>(await query({ q: 'crooked' })).map((r) => r.id)).toEqual([a.id]);
    const customerRow = byOrder.find((r) => r.id === a.id)!;
    expect(ok<StaffTicketSummary[]>(await query({ user_id: customerRow.user_id, q: 'smudged' })).map((r) => r.id)).toEqual([b.id]);
    expect(ok<StaffTicketSummary[]>(await query({ q: customerRow.email })).length).toBeGreaterThanOrEqual(2);
    expect((await query({ status: 'lost' })).statusCode).toBe(422);
    const one = ok<StaffTicket>(await staff.get(`/api/admin/tickets/${a.id}`));
    expect(one).toMatchObject({ id: a.id, user: { id: customerRow.user_id }, thread: [expect.objectContaining({ id: 0, body: 'Cards cut crooked' })] });
  });
});
