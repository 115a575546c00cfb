import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  StaffTicket,
  StaffTicketSummary,
  Ticket,
  TicketCounts,
  TicketFile,
  TicketList,
  ticketListQuerySchema,
  TicketMessage,
  TicketSummary,
} from '../../../shared/api/tickets';
import {
  CLOSED_TICKET_MESSAGE,
  findTicketTransition,
  statusAfterMessage,
  TICKET_REASONS,
  TICKET_STATUS_NAMES,
  TICKET_STATUSES,
  type TicketActor,
  type TicketReason,
  type TicketStatus,
} from '../../../shared/domain/tickets/tickets';
import type { Db } from '../../db/client';
import { companyOrders, ofCompany } from '../../db/company-scope';
import { qualified } from '../../db/columns';
import { orders, ticketEvents, ticketFiles, ticketReplies, tickets, users, type TicketFileRow, type TicketRow } from '../../db/schema';
import { accountCompanyName, accountsMatching, customerNameOf } from '../companies/billing';
import { conflict, NotFound, notFound } from '../../lib/domain-errors';
import type { FileStore } from '../../lib/files';
import { containing, fieldsOf, listQuery, type ListParams, type ListSpec } from '../../lib/list-query';
import type { MailOutbox } from '../mail/service';
import type { SettingsService } from '../settings/service';
import type { PreparedFile } from './attachments';

export interface TicketsDeps {
  db: Db;
  files: FileStore;
  outbox: MailOutbox;
  settings: SettingsService;
  appUrl: string;
  appName: string;
}

/** Who is acting: a customer on their own tickets, or staff on any. */
export interface TicketAuthor {
  actor: TicketActor;
  userId: number;
}

/**
 * Staff are e-mailed about a customer's messages on one ticket at most once per this interval of
 * the clock: a burst of messages is one e-mail (the first), and the ticket shows the rest.
 */
export const STAFF_NOTICE_EVERY_MS = 10 * 60_000;
const noticeInterval = (at: Date) => Math.floor(at.getTime() / STAFF_NOTICE_EVERY_MS);

/**
 * Whether staff have been e-mailed already about the customer's message arriving `now`: the ticket
 * waits for them on a message of the customer's from this same interval, which (or an earlier one
 * of the interval) was e-mailed. A ticket that staff answered last is always e-mailed.
 */
function staffHeardThisInterval(row: TicketRow, now: Date): boolean {
  return row.status === 'open' && row.lastMessageBy === 'customer' && noticeInterval(row.lastMessageAt) === noticeInterval(now);
}

const FURTHER_MESSAGES = `More messages the customer writes on this ticket in the same ${STAFF_NOTICE_EVERY_MS / 60_000} minutes (of the clock: 14:10 to 14:20, say) are not e-mailed one by one: open the ticket to see them all.`;

/** How many characters of the last message a list shows. */
const EXCERPT = 140;

const FILE_TYPES = { png: 'image/png', jpeg: 'image/jpeg', pdf: 'application/pdf' } as const;

const presentFile = (row: TicketFileRow): TicketFile => ({
  id: row.id,
  name: row.name,
  kind: row.kind as TicketFile['kind'],
  size: row.size,
  width: row.width,
  height: row.height,
});

/** A customer's name as staff lists show it: the company, or the person when they trade as themselves. */
const customerName = customerNameOf(tickets.userId);

/** The list columns: the row, its message count and the last message's first words. */
const summaryColumns = {
  id: tickets.id,
  userId: tickets.userId,
  orderId: tickets.orderId,
  reason: tickets.reason,
  status: tickets.status,
  lastMessageBy: tickets.lastMessageBy,
  lastMessageAt: tickets.lastMessageAt,
  createdAt: tickets.createdAt,
  messages: sql<number>`(1 + (select count(*) from ${ticketReplies} where ${qualified(ticketReplies.ticketId)} = ${qualified(tickets.id)}))::int`,
  excerpt: sql<string>`left(coalesce((select ${ticketReplies.body} from ${ticketReplies} where ${qualified(ticketReplies.ticketId)} = ${qualified(tickets.id)} and ${qualified(ticketReplies.body)} <> '' order by ${qualified(ticketReplies.id)} desc limit 1), ${qualified(tickets.details)}), ${EXCERPT})`,
  raisedBy: sql<string>`(select trim(${qualified(users.firstname)} || ' ' || ${qualified(users.lastname)}) from ${users} where ${qualified(users.id)} = ${qualified(tickets.userId)})`,
};
type SummaryRow = {
  id: number;
  userId: number;
  orderId: number | null;
  reason: string;
  status: string;
  lastMessageBy: string;
  lastMessageAt: Date;
  createdAt: Date;
  messages: number;
  excerpt: string;
  raisedBy: string | null;
};

const presentSummary = (row: SummaryRow): TicketSummary => ({
  id: row.id,
  reason: row.reason as TicketReason,
  status: row.status as TicketStatus,
  order_id: row.orderId,
  last_message_by: row.lastMessageBy as TicketActor,
  last_message_at: row.lastMessageAt.toISOString(),
  last_message_excerpt: row.excerpt.replace(/\s+/g, ' ').trim(),
  messages: row.messages,
  created_at: row.createdAt.toISOString(),
  placed_by: { id: row.userId, name: row.raisedBy ?? '' },
});

const staffColumns = {
  ...summaryColumns,
  customer: customerName,
  email: sql<string>`(select ${users.email} from ${users} where ${qualified(users.id)} = ${qualified(tickets.userId)})`,
};
type StaffRow = SummaryRow & { customer: string; email: string };
const presentAdminSummary = (row: StaffRow): StaffTicketSummary => ({ ...presentSummary(row), user_id: row.userId, customer: row.customer, email: row.email });

/**
 * The Resolution Centre (DESIGN §2): customers open tickets, either side writes messages with
 * attachments, closes and reopens. Each change is one transaction with its row (a reply, or a
 * close/reopen event) and the other side's e-mail in the outbox; files are stored before it and
 * removed again when it fails.
 */
export function ticketsService({ db, files, outbox, settings, appUrl, appName }: TicketsDeps) {
  const list: ListSpec<StaffTicketSummary, StaffRow> = {
    table: tickets,
    select: staffColumns,
    present: (rows) => rows.map(presentAdminSummary),
    fields: fieldsOf(tickets, {
      id: 'int',
      user_id: 'int',
      order_id: 'int',
      status: { type: 'enum', values: TICKET_STATUSES },
      reason: { type: 'enum', values: TICKET_REASONS },
      last_message_at: 'date',
      created_at: 'date',
    }),
    searchWord: (pattern) =>
      or(
        sql`lower(${tickets.details} || ' #' || ${tickets.id} || ' #' || coalesce(${tickets.orderId}::text, '')) like ${pattern}`,
        sql`${tickets.userId} = any(array${accountsMatching(pattern, { liveOnly: false })})`,
      )!,
    sortable: ['id', 'last_message_at', 'created_at', 'status'],
    defaultSort: ['last_message_at', 'ASC'],
    id: tickets.id,
  };

  /** Names of the people who wrote in a thread, by user id. */
  async function namesOf(ids: number[]): Promise<Map<number, { name: string; role: string }>> {
    if (!ids.length) return new Map();
    const rows = await db
      .select({ id: users.id, firstname: users.firstname, lastname: users.lastname, role: users.role })
      .from(users)
      .where(inArray(users.id, ids));
    return new Map(rows.map((r) => [r.id, { name: `${r.firstname} ${r.lastname}`.trim(), role: r.role }]));
  }

  /**
   * A ticket with its thread, its attachments and its closes and reopens. Customers read staff as
   * the company ("Sam at Print Junction Trade"); staff read each other by name.
   */
  async function present(row: TicketRow, viewer: TicketActor = 'customer'): Promise<Ticket> {
    const [[summary], replies, attached, events] = await Promise.all([
      db.select(summaryColumns).from(tickets).where(eq(tickets.id, row.id)),
      db.select().from(ticketReplies).where(eq(ticketReplies.ticketId, row.id)).orderBy(asc(ticketReplies.id)),
      db.select().from(ticketFiles).where(eq(ticketFiles.ticketId, row.id)).orderBy(asc(ticketFiles.id)),
      db.select().from(ticketEvents).where(eq(ticketEvents.ticketId, row.id)).orderBy(asc(ticketEvents.id)),
    ]);
    const people = await namesOf([
      ...new Set([row.userId, ...replies.map((r) => r.authorUserId), ...events.map((e) => e.actorUserId)].filter((id): id is number => id !== null)),
    ]);
    const nameOf = (actor: string, userId: number | null) => {
      const person = userId === null ? undefined : people.get(userId);
      if (actor === 'staff' && viewer === 'customer') return person ? `${person.name.split(' ')[0]} at ${appName}` : appName;
      if (actor === 'staff') return person?.name || 'Staff';
      return person?.name || 'Customer';
    };
    const filesOf = (replyId: number | null) => attached.filter((f) => f.replyId === replyId).map(presentFile);
    const thread: TicketMessage[] = [
      { id: 0, author: 'customer', author_name: nameOf('customer', row.userId), body: row.details, files: filesOf(null), at: row.createdAt.toISOString() },
      ...replies.map((r) => ({
        id: r.id,
        author: r.author as TicketActor,
        author_name: nameOf(r.author, r.authorUserId),
        body: r.body,
        files: filesOf(r.id),
        at: r.createdAt.toISOString(),
      })),
    ];
    return {
      ...presentSummary(summary),
      details: row.details,
      thread,
      events: events.map((e) => ({
        from: e.fromStatus as TicketStatus,
        to: e.toStatus as TicketStatus,
        actor: e.actor as TicketActor,
        actor_name: nameOf(e.actor, e.actorUserId),
        at: e.at.toISOString(),
      })),
      updated_at: row.updatedAt.toISOString(),
    };
  }

  async function presentForStaff(row: TicketRow): Promise<StaffTicket> {
    const [ticket, [owner]] = await Promise.all([
      present(row, 'staff'),
      db
        .select({ id: users.id, email: users.email, company_name: accountCompanyName, firstname: users.firstname, lastname: users.lastname })
        .from(users)
        .where(eq(users.id, row.userId)),
    ]);
    const customer = owner.company_name || `${owner.firstname} ${owner.lastname}`.trim();
    return { ...ticket, user_id: row.userId, customer, email: owner.email, user: owner };
  }

  /** The ticket row, locked for a change; another company's (or none) is 404. `ownerId`: the member acting, null for staff. */
  async function lock(tx: Db, id: number, ownerId: number | null): Promise<TicketRow> {
    const [row] = await tx
      .select()
      .from(tickets)
      .where(and(eq(tickets.id, id), ownerId === null ? undefined : ofCompany(tickets.companyId, ownerId)))
      .for('update');
    if (!row) throw notFound('No such ticket.');
    return row;
  }

  /** Stores prepared files under server-made keys; answers the rows to insert (without their ticket). */
  async function store(prepared: PreparedFile[]): Promise<{ rows: Array<Omit<typeof ticketFiles.$inferInsert, 'ticketId'>>; keys: string[] }> {
    const rows: Array<Omit<typeof ticketFiles.$inferInsert, 'ticketId'>> = [];
    const keys: string[] = [];
    try {
      for (const file of prepared) {
        const base = `tickets/${randomUUID()}`;
        const fileKey = `${base}.${file.kind === 'jpeg' ? 'jpg' : file.kind}`;
        await files.put(fileKey, file.data);
        keys.push(fileKey);
        let thumbnailKey: string | null = null;
        if (file.thumbnail) {
          thumbnailKey = `${base}-thumbnail.webp`;
          await files.put(thumbnailKey, file.thumbnail);
          keys.push(thumbnailKey);
        }
        rows.push({ name: file.name, kind: file.kind, size: file.data.length, width: file.width, height: file.height, fileKey, thumbnailKey });
      }
    } catch (error) {
      await forget(keys);
      throw error;
    }
    return { rows, keys };
  }

  const forget = (keys: string[]) => Promise.all(keys.map((key) => files.delete(key)));

  /** Runs a change with the files it attaches: stored first, removed again if the change fails. */
  async function withFiles<T>(prepared: PreparedFile[], change: (rows: Awaited<ReturnType<typeof store>>['rows']) => Promise<T>): Promise<T> {
    const { rows, keys } = await store(prepared);
    try {
      return await change(rows);
    } catch (error) {
      await forget(keys);
      throw error;
    }
  }

  const staffAddress = () => settings.value('STAFF_EMAIL', '');
  const staffLink = (id: number) => `${appUrl}/admin/tickets/${id}`;
  const customerLink = (id: number) => `${appUrl}/tickets/${id}`;
  const attachedLine = (n: number) => (n ? `\n\n(${n} file${n === 1 ? '' : 's'} attached: see the ticket.)` : '');

  /** Mail to the help desk (the STAFF_EMAIL setting), unless none is set. */
  async function mailStaff(tx: Db, to: string, ticketId: number, subject: string, text: string) {
    if (!to) return;
    await outbox.queue(tx, { to, subject, text: `${text}\n\nOpen the ticket: ${staffLink(ticketId)}`, links: [staffLink(ticketId)] });
  }

  async function mailCustomer(tx: Db, ticket: TicketRow, subject: string, text: string) {
    const [owner] = await tx.select({ email: users.email, firstname: users.firstname }).from(users).where(eq(users.id, ticket.userId));
    if (!owner?.email) return;
    const link = customerLink(ticket.id);
    await outbox.queue(tx, {
      to: owner.email,
      subject,
      text: `Hello ${owner.firstname},\n\n${text}\n\nSee the whole conversation and reply here: ${link}\n\n${appName}`,
      links: [link],
    });
  }

  const quote = (text: string) =>
    text
      .split('\n')
      .map((line) => `> ${line}`)
      .join('\n');

  return {
    list,

    /** A member opens a ticket for their company, optionally about one of its (confirmed) orders, with its files. */
    async open(userId: number, input: { reason: TicketReason; details: string; order_id?: number }, prepared: PreparedFile[]): Promise<Ticket> {
      if (input.order_id !== undefined) {
        const [order] = await db
          .select({ id: orders.id })
          .from(orders)
          .where(and(eq(orders.id, input.order_id), companyOrders(userId), ne(orders.status, 'basket')));
        if (!order) throw new NotFound('No such order.', { order_id: 'No such order among yours.' });
      }
      const to = await staffAddress();
      const row = await withFiles(prepared, (fileRows) =>
        db.transaction(async (tx) => {
          const [ticket] = await tx
            .insert(tickets)
            .values({ userId, orderId: input.order_id ?? null, reason: input.reason, details: input.details })
            .returning();
          if (fileRows.length) await tx.insert(ticketFiles).values(fileRows.map((f) => ({ ...f, ticketId: ticket.id })));
          const [owner] = await tx
            .select({ email: users.email, firstname: users.firstname, lastname: users.lastname, companyName: accountCompanyName })
            .from(users)
            .where(eq(users.id, userId));
          const who = owner.companyName ? `${owner.firstname} ${owner.lastname} (${owner.companyName})` : `${owner.firstname} ${owner.lastname}`;
          await mailStaff(
            tx,
            to,
            ticket.id,
            `New ticket ${ticket.id}: ${input.reason}${input.order_id ? ` — order ${input.order_id}` : ''}`,
            `${who} <${owner.email}> opened ticket ${ticket.id} (${input.reason}${input.order_id ? `, about order ${input.order_id}` : ''}):\n\n${quote(input.details)}${attachedLine(fileRows.length)}\n\n${FURTHER_MESSAGES}`,
          );
          return ticket;
        }),
      );
      return present(row);
    },

    /**
     * A message on a ticket: text and files, or files only (body ''). A staff message sets it
     * answered, a customer's open; a closed ticket takes none (409). The other side is e-mailed:
     * the customer each time, staff once per interval for a burst (STAFF_NOTICE_EVERY_MS).
     */
    async write(id: number, author: TicketAuthor, ownerId: number | null, body: string, prepared: PreparedFile[]): Promise<TicketRow> {
      const to = author.actor === 'customer' ? await staffAddress() : '';
      return withFiles(prepared, (fileRows) =>
        db.transaction(async (tx) => {
          const row = await lock(tx, id, ownerId);
          const status = statusAfterMessage(row.status as TicketStatus, author.actor);
          if (!status) throw conflict(CLOSED_TICKET_MESSAGE);
          const now = new Date();
          const [reply] = await tx
            .insert(ticketReplies)
            .values({ ticketId: id, author: author.actor, authorUserId: author.userId, body, createdAt: now })
            .returning();
          if (fileRows.length) await tx.insert(ticketFiles).values(fileRows.map((f) => ({ ...f, ticketId: id, replyId: reply.id })));
          const [updated] = await tx
            .update(tickets)
            .set({ status, lastMessageBy: author.actor, lastMessageAt: now, updatedAt: now })
            .where(eq(tickets.id, id))
            .returning();
          const said = body ? quote(body) : '(files only)';
          if (author.actor === 'staff') {
            await mailCustomer(
              tx,
              updated,
              `We replied to your ticket ${id} (${row.reason})`,
              `We have replied to your ticket ${id}:\n\n${said}${attachedLine(fileRows.length)}`,
            );
          } else if (!staffHeardThisInterval(row, now)) {
            const [owner] = await tx
              .select({ email: users.email, firstname: users.firstname, lastname: users.lastname })
              .from(users)
              .where(eq(users.id, row.userId));
            await mailStaff(
              tx,
              to,
              id,
              `Ticket ${id}: the customer replied`,
              `${owner.firstname} ${owner.lastname} <${owner.email}> replied to ticket ${id} (${row.reason}):\n\n${said}${attachedLine(fileRows.length)}\n\n${FURTHER_MESSAGES}`,
            );
          }
          return updated;
        }),
      );
    },

    /** Close or reopen, as the rules allow the actor (409 otherwise); the other side hears of a staff close and a customer reopen. */
    async move(id: number, to: TicketStatus, author: TicketAuthor, ownerId: number | null): Promise<TicketRow> {
      const staff = author.actor === 'customer' && to === 'open' ? await staffAddress() : '';
      return db.transaction(async (tx) => {
        const row = await lock(tx, id, ownerId);
        if (!findTicketTransition(row.status as TicketStatus, to, author.actor)) {
          throw conflict(
            row.status === to
              ? `This ticket is ${TICKET_STATUS_NAMES[to].toLowerCase()} already.`
              : `This ticket cannot be ${to === 'closed' ? 'closed' : 'reopened'} now.`,
          );
        }
        const [updated] = await tx.update(tickets).set({ status: to, updatedAt: new Date() }).where(eq(tickets.id, id)).returning();
        await tx.insert(ticketEvents).values({ ticketId: id, actor: author.actor, actorUserId: author.userId, fromStatus: row.status, toStatus: to });
        if (author.actor === 'staff' && to === 'closed') {
          await mailCustomer(
            tx,
            updated,
            `Ticket ${id} is closed`,
            `We have closed your ticket ${id} (${row.reason}). If the problem is not settled, reopen it from its page and tell us more.`,
          );
        }
        if (author.actor === 'customer' && to === 'open')
          await mailStaff(tx, staff, id, `Ticket ${id} was reopened`, `The customer reopened ticket ${id} (${row.reason}).`);
        return updated;
      });
    },

    /** The tickets of the member's company, latest message first, with the counts per status. */
    async listFor(userId: number, query: z.output<typeof ticketListQuerySchema>): Promise<TicketList> {
      const mine = ofCompany(tickets.companyId, userId);
      const where: SQL[] = [mine];
      if (query.status) where.push(eq(tickets.status, query.status));
      const q = query.q?.trim().toLowerCase();
      if (q)
        where.push(
          sql`lower(${tickets.details} || ' ' || ${tickets.reason} || ' #' || ${tickets.id} || ' #' || coalesce(${tickets.orderId}::text, '')) like ${containing(q)}`,
        );
      const condition = and(...where);
      const [rows, [{ n }], byStatus] = await Promise.all([
        db
          .select(summaryColumns)
          .from(tickets)
          .where(condition)
          .orderBy(desc(tickets.lastMessageAt), desc(tickets.id))
          .limit(query.per_page)
          .offset((query.page - 1) * query.per_page),
        db.select({ n: count() }).from(tickets).where(condition),
        db.select({ status: tickets.status, n: count() }).from(tickets).where(mine).groupBy(tickets.status),
      ]);
      return { data: rows.map(presentSummary), total: n, page: query.page, per_page: query.per_page, counts: countsOf(byStatus) };
    },

    async getFor(userId: number, id: number): Promise<Ticket> {
      const [row] = await db
        .select()
        .from(tickets)
        .where(and(eq(tickets.id, id), ofCompany(tickets.companyId, userId)));
      if (!row) throw notFound('No such ticket.');
      return present(row);
    },

    present,
    presentForStaff,

    async get(id: number): Promise<StaffTicket | null> {
      const [row] = await db.select().from(tickets).where(eq(tickets.id, id));
      return row ? presentForStaff(row) : null;
    },

    /** Staff's tab counts under the list's other filters. */
    async counts(params: ListParams): Promise<TicketCounts> {
      const { status: _status, ...filter } = params.filter ?? {};
      const { where } = listQuery(list as ListSpec, { filter });
      return countsOf(await db.select({ status: tickets.status, n: count() }).from(tickets).where(where).groupBy(tickets.status));
    },

    /** How many tickets wait for staff (the dashboard's tile). */
    async waiting(): Promise<number> {
      const [{ n }] = await db.select({ n: count() }).from(tickets).where(eq(tickets.status, 'open'));
      return n;
    },

    /** An attachment (or an image's thumbnail) of a ticket; another company's is 404. */
    async file(id: number, fileId: number, size: 'full' | 'thumbnail', ownerId: number | null) {
      const [row] = await db
        .select({ file: ticketFiles })
        .from(ticketFiles)
        .innerJoin(tickets, eq(tickets.id, ticketFiles.ticketId))
        .where(and(eq(ticketFiles.id, fileId), eq(ticketFiles.ticketId, id), ownerId === null ? undefined : ofCompany(tickets.companyId, ownerId)));
      if (!row) throw notFound('No such file.');
      const thumbnail = size === 'thumbnail' && row.file.thumbnailKey;
      const stored = await files.stream(thumbnail ? row.file.thumbnailKey! : row.file.fileKey);
      if (!stored) throw notFound('No such file.');
      return { ...stored, name: row.file.name, type: thumbnail ? 'image/webp' : FILE_TYPES[row.file.kind as keyof typeof FILE_TYPES] };
    },
  };
}

function countsOf(rows: Array<{ status: string; n: number }>): TicketCounts {
  const counts: TicketCounts = { all: 0, open: 0, answered: 0, closed: 0 };
  for (const { status, n } of rows) {
    if ((TICKET_STATUSES as readonly string[]).includes(status)) counts[status as TicketStatus] = n;
    counts.all += n;
  }
  return counts;
}

export type TicketsService = ReturnType<typeof ticketsService>;
