import { and, count, desc, eq, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { StaffInvoice, Invoice, InvoiceList, invoiceListQuerySchema } from '../../../shared/api/invoices';
import { ukToday } from '../../../shared/domain/orders/overdue';
import { invoiceBalance, invoiceDueDate, invoiceState } from '../../../shared/domain/payments/invoice-state';
import type { Db } from '../../db/client';
import { ofCompany } from '../../db/company-scope';
import { qualified } from '../../db/columns';
import { isUniqueViolation } from '../../db/errors';
import {
  companies,
  countries,
  deliveryTypes,
  invoiceNumbers,
  invoices,
  orderItems,
  paymentAllocations,
  payments,
  products,
  settings,
  stock,
  users,
  type InvoiceRow,
  type OrderRow,
} from '../../db/schema';
import { notFound, unprocessable } from '../../lib/domain-errors';
import type { FileStore } from '../../lib/files';
import type { JobQueue } from '../../lib/jobs';
import { containing, fieldsOf, type ListSpec } from '../../lib/list-query';
import { randomToken } from '../../lib/tokens';
import type { WebhookEventsEmitter } from '../webhooks/emit';
import { invoicePdf, statementPdf, type InvoiceContent } from './invoice-pdf';
import { customerNameOf } from '../companies/billing';

export const INVOICE_PDF_QUEUE = 'invoice-pdf';

type InvoiceFields = Pick<InvoiceRow, 'id' | 'number' | 'date' | 'dueDate' | 'orderId' | 'source' | 'net' | 'vat' | 'total' | 'createdAt'> & { paid: number };

/** Pence allocated to the invoice from payments (a column of an invoice select). */
export const invoicePaid =
  sql<number>`(select coalesce(sum(${qualified(paymentAllocations.amount)}), 0) from ${paymentAllocations} where ${qualified(paymentAllocations.invoiceId)} = ${qualified(invoices.id)})`.mapWith(
    Number,
  );

const present = (row: InvoiceFields, today = ukToday()): Invoice => ({
  id: row.id,
  number: row.number,
  date: row.date,
  order_id: row.orderId,
  source: row.source as Invoice['source'],
  net: row.net,
  vat: row.vat,
  total: row.total,
  due_date: row.dueDate,
  paid: row.paid,
  balance: invoiceBalance(row.total, row.paid),
  state: invoiceState({ total: row.total, paid: row.paid, due_date: row.dueDate }, today),
  created_at: row.createdAt.toISOString(),
});

/** The columns an invoice is presented from (not what it says, nor its file). */
const invoiceColumns = {
  id: invoices.id,
  number: invoices.number,
  userId: invoices.userId,
  companyId: invoices.companyId,
  orderId: invoices.orderId,
  source: invoices.source,
  date: invoices.date,
  dueDate: invoices.dueDate,
  net: invoices.net,
  vat: invoices.vat,
  total: invoices.total,
  createdAt: invoices.createdAt,
  paid: invoicePaid,
};

/** One invoice as its customer sees it, read on `executor` (a webhook event's body, in the transaction that raised it). */
export async function presentInvoiceOn(executor: Db, id: number): Promise<Invoice | null> {
  const [row] = await executor.select(invoiceColumns).from(invoices).where(eq(invoices.id, id)).limit(1);
  return row ? present(row) : null;
}

/** Settings read inside the caller's transaction (the dispatch's), by name. */
async function settingValues(tx: Db, names: string[]): Promise<Map<string, string>> {
  const rows = await tx
    .select({ name: settings.name, value: settings.value })
    .from(settings)
    .where(sql`${settings.name} in ${names}`);
  return new Map(rows.map((r) => [r.name, r.value]));
}

const SELLER_SETTINGS = ['COMPANY_NAME', 'COMPANY_ADDRESS', 'COMPANY_VAT_NUMBER', 'COMPANY_PHONE', 'COMPANY_EMAIL', 'INVOICE_PREFIX'];

export interface InvoicesDeps {
  db: Db;
  files: FileStore;
  jobs: JobQueue;
  /** The `invoice.created` webhook event, in the transaction that makes the invoice. */
  webhookEvents: Pick<WebhookEventsEmitter, 'emit'>;
}

/**
 * Invoices (DESIGN §2 "Invoices"): raised in the dispatch's own transaction under the next number
 * with no gap and no repeat, with what they say frozen; their PDFs rendered by a background job
 * (or at once when asked for first); uploaded by staff; listed and downloaded by their customer
 * only; and a month's statement.
 */
export function invoicesService({ db, files, jobs, webhookEvents }: InvoicesDeps) {
  async function seller(executor: Db) {
    const values = await settingValues(executor, SELLER_SETTINGS);
    return {
      seller: {
        name: values.get('COMPANY_NAME') ?? '',
        address: values.get('COMPANY_ADDRESS') ?? '',
        vat_number: values.get('COMPANY_VAT_NUMBER') ?? '',
        phone: values.get('COMPANY_PHONE') ?? '',
        email: values.get('COMPANY_EMAIL') ?? '',
      },
      prefix: values.get('INVOICE_PREFIX') ?? 'INV-',
    };
  }

  /**
   * The PDF of a raised invoice, rendered from what it says (and what is paid of it now) and kept in
   * the file store. `stale`: the file drawn before a payment changed it, replaced by a new drawing
   * (and removed) unless another render replaced it first.
   */
  async function render(id: number, stale?: string): Promise<InvoiceRow | null> {
    const [row] = await db.select().from(invoices).where(eq(invoices.id, id));
    if (!row || !row.content) return row ?? null;
    if (row.fileKey && row.fileKey !== stale) return row;
    const [{ paid }] = await db.select({ paid: invoicePaid }).from(invoices).where(eq(invoices.id, id));
    const bank = (await settingValues(db, ['BANK_DETAILS'])).get('BANK_DETAILS') ?? '';
    const pdf = await invoicePdf(row, row.content as InvoiceContent, { due_date: row.dueDate, paid, bank_details: bank });
    const key = `invoices/${row.number.replace(/[^A-Za-z0-9_-]/g, '_')}-${randomToken(6)}.pdf`;
    await files.put(key, pdf);
    // Two renders at once (the job and a download): the first kept wins, the other's file goes.
    const [kept] = await db
      .update(invoices)
      .set({ fileKey: key, fileSize: pdf.length })
      .where(and(eq(invoices.id, id), row.fileKey ? eq(invoices.fileKey, row.fileKey) : sql`${invoices.fileKey} is null`))
      .returning();
    if (!kept) await files.delete(key);
    else if (row.fileKey) await files.delete(row.fileKey);
    return kept ?? (await db.select().from(invoices).where(eq(invoices.id, id)))[0];
  }

  /**
   * The card payments made at checkout for the invoice's order allocated to it as it is raised (in
   * the same transaction): what each has not yet paid, up to what the invoice asks.
   */
  async function allocateCardPayments(tx: Db, invoice: InvoiceRow): Promise<void> {
    if (invoice.orderId === null) return;
    const paid = await tx
      .select({
        id: payments.id,
        amount: payments.amount,
        allocated:
          sql<number>`(select coalesce(sum(${qualified(paymentAllocations.amount)}), 0) from ${paymentAllocations} where ${qualified(paymentAllocations.paymentId)} = ${qualified(payments.id)})`.mapWith(
            Number,
          ),
      })
      .from(payments)
      .where(and(eq(payments.orderId, invoice.orderId), eq(payments.method, 'card')))
      .orderBy(payments.id);
    let owing = invoice.total;
    for (const payment of paid) {
      const amount = Math.min(owing, payment.amount - payment.allocated);
      if (amount <= 0) continue;
      await tx.insert(paymentAllocations).values({ paymentId: payment.id, invoiceId: invoice.id, amount });
      owing -= amount;
    }
  }

  jobs.register<{ invoiceId: number; stale?: string }>(INVOICE_PDF_QUEUE, async ({ invoiceId, stale }) => void (await render(invoiceId, stale)), {
    concurrency: 1,
    maxAttempts: 5,
  });

  /** The invoice's PDF as a stream, rendered first if the job has not yet. */
  async function pdfOf(row: InvoiceRow): Promise<{ body: NodeJS.ReadableStream; size: number; name: string }> {
    const ready = row.fileKey ? row : await render(row.id);
    const file = ready?.fileKey ? await files.stream(ready.fileKey) : null;
    if (!file) throw notFound(`The PDF of invoice ${row.number} is missing.`);
    return { ...file, name: `${row.number}.pdf` };
  }

  const staffColumns = {
    ...invoiceColumns,
    customer: customerNameOf(invoices.userId),
  };
  type StaffRow = Omit<InvoiceRow, 'content' | 'fileKey' | 'fileSize' | 'createdBy'> & { customer: string; paid: number };
  const presentForStaff = (r: StaffRow): StaffInvoice => ({ ...present(r), user_id: r.userId, customer: r.customer });

  const list: ListSpec<StaffInvoice, StaffRow> = {
    table: invoices,
    select: staffColumns,
    present: (rows) => rows.map(presentForStaff),
    fields: {
      ...fieldsOf(invoices, {
        id: 'int',
        user_id: 'int',
        order_id: 'int',
        source: { type: 'enum', values: ['raised', 'uploaded'] },
        date: 'date',
        due_date: 'date',
        total: 'int',
      }),
      // Still owing (unpaid, part-paid or overdue): what a payment may be allocated to.
      unpaid: {
        column: invoices.total,
        type: 'bool',
        where: (on: boolean) => (on ? sql`${invoices.total} > ${invoicePaid}` : sql`${invoices.total} <= ${invoicePaid}`),
      },
    },
    searchText: sql`lower(${invoices.number} || ' ' || coalesce(${invoices.orderId}::text, ''))`,
    sortable: ['id', 'date', 'due_date', 'total', 'number'],
    defaultSort: ['id', 'DESC'],
    id: invoices.id,
  };

  return {
    list,

    /**
     * Raises the invoice of an order being dispatched, in the dispatch's transaction: the next number
     * (the counter row's lock queues concurrent dispatches; a rollback gives the number back), what it
     * says frozen, and the job that renders its PDF. An order already invoiced keeps its invoice.
     */
    async raise(tx: Db, order: OrderRow): Promise<InvoiceRow> {
      const [existing] = await tx.select().from(invoices).where(eq(invoices.orderId, order.id));
      if (existing) return existing;
      const [{ last }] = await tx
        .update(invoiceNumbers)
        .set({ last: sql`${invoiceNumbers.last} + 1` })
        .where(eq(invoiceNumbers.id, 1))
        .returning({ last: invoiceNumbers.last });
      const { seller: from, prefix } = await seller(tx);
      // The terms and name of the company the order was placed for.
      const [buyer] = await tx.select().from(companies).where(eq(companies.id, order.companyId));
      const [country] = order.countryId ? await tx.select({ name: countries.name }).from(countries).where(eq(countries.id, order.countryId)) : [];
      const [type] = order.deliveryTypeId
        ? await tx.select({ name: deliveryTypes.name }).from(deliveryTypes).where(eq(deliveryTypes.id, order.deliveryTypeId))
        : [];
      const lines = await tx
        .select({
          product: products.name,
          stock: stock.name,
          qty: orderItems.qty,
          sides: orderItems.sides,
          net: orderItems.priceSaved,
          choices: orderItems.choicesSaved,
        })
        .from(orderItems)
        .innerJoin(products, eq(products.id, orderItems.productId))
        .innerJoin(stock, eq(stock.id, orderItems.stockId))
        .where(eq(orderItems.orderId, order.id))
        .orderBy(orderItems.id);
      const net = order.totalNet ?? 0;
      const vat = order.totalVat ?? 0;
      const content: InvoiceContent = {
        seller: from,
        buyer: {
          company: order.companyName || buyer?.name || '',
          name: `${order.firstname} ${order.lastname}`.trim(),
          lines: [order.address1, order.address2, order.town, order.county, order.postcode, country?.name ?? ''].filter(Boolean),
        },
        order: {
          id: order.id,
          ref: order.ref,
          confirmed_at: order.confirmedAt?.toISOString() ?? null,
          dispatched_at: order.dispatchedAt?.toISOString() ?? null,
          tracking_number: order.trackingNumber,
        },
        lines: lines.map((l) => ({
          description: `${l.product} — ${l.stock}, ${l.sides === 'double' ? 'double-sided' : 'single-sided'}`,
          qty: l.qty,
          net: l.net ?? 0,
          // The names frozen at confirmation, kept with the invoice: a later rename in the catalogue never changes it.
          choices: l.choices
            ? {
                options: l.choices.options.map((o) => ({ group: o.group, name: o.name })),
                turnaround: l.choices.turnaround && { name: l.choices.turnaround.name },
              }
            : null,
        })),
        delivery: { name: type?.name ?? 'Delivery', net: order.deliveryCost ?? 0 },
        net,
        vat,
        vat_rate: net ? Math.round((vat / net) * 1000) / 10 : 0,
        total: order.total ?? net + vat,
        terms: { paid_by_card: order.paymentStatus === 'paid', credit_days: buyer?.creditDays ?? 0 },
      };
      const today = ukToday();
      const paidByCard = content.terms!.paid_by_card;
      const [row] = await tx
        .insert(invoices)
        .values({
          number: `${prefix}${String(last).padStart(6, '0')}`,
          userId: order.userId,
          orderId: order.id,
          source: 'raised',
          date: today,
          dueDate: invoiceDueDate(today, buyer?.creditDays ?? 0, paidByCard),
          net,
          vat,
          total: content.total,
          content,
        })
        .returning();
      await allocateCardPayments(tx, row);
      await jobs.enqueue(tx, INVOICE_PDF_QUEUE, { invoiceId: row.id });
      await webhookEvents.emit(tx, { userId: row.userId, type: 'invoice.created', invoiceId: row.id });
      return row;
    },

    render,

    /**
     * Payments just allocated to these invoices (in the payment's transaction): each raised invoice's
     * PDF is drawn again by the job once it commits, so that it shows what is paid (PAID).
     */
    async paymentsChanged(tx: Db, invoiceIds: number[]): Promise<void> {
      if (!invoiceIds.length) return;
      const rows = await tx
        .select({ id: invoices.id, fileKey: invoices.fileKey })
        .from(invoices)
        .where(and(inArray(invoices.id, invoiceIds), eq(invoices.source, 'raised')));
      for (const row of rows) await jobs.enqueue(tx, INVOICE_PDF_QUEUE, row.fileKey ? { invoiceId: row.id, stale: row.fileKey } : { invoiceId: row.id });
    },

    /** The invoices of the member's company, newest first; `q` finds an invoice number or an order number. */
    async listFor(userId: number, query: z.output<typeof invoiceListQuerySchema>): Promise<InvoiceList> {
      const where: SQL[] = [ofCompany(invoices.companyId, userId)];
      const q = query.q?.trim().toLowerCase();
      if (q) {
        const number = /^#?(\d{1,9})$/.exec(q);
        const like = sql`lower(${invoices.number}) like ${containing(q)}`;
        where.push(number ? or(eq(invoices.orderId, Number(number[1])), like)! : like);
      }
      if (query.unpaid === '1') where.push(sql`${invoices.total} > ${invoicePaid}`);
      const condition = and(...where);
      const [rows, [{ n }]] = await Promise.all([
        db
          .select(invoiceColumns)
          .from(invoices)
          .where(condition)
          .orderBy(desc(invoices.date), desc(invoices.id))
          .limit(query.per_page)
          .offset((query.page - 1) * query.per_page),
        db.select({ n: count() }).from(invoices).where(condition),
      ]);
      const today = ukToday();
      return { data: rows.map((r) => present(r, today)), total: n, page: query.page, per_page: query.per_page };
    },

    /** A page of the invoices of the member's company, newest first, after the id `after` (a cursor: the last id seen); `next` when more follow. */
    async pageFor(userId: number, query: { after?: number; limit: number }): Promise<{ data: Invoice[]; next: number | null }> {
      const rows = await db
        .select(invoiceColumns)
        .from(invoices)
        .where(and(ofCompany(invoices.companyId, userId), query.after === undefined ? undefined : lt(invoices.id, query.after)))
        .orderBy(desc(invoices.id))
        .limit(query.limit + 1);
      const today = ukToday();
      const data = rows.slice(0, query.limit).map((r) => present(r, today));
      return { data, next: rows.length > query.limit ? data[data.length - 1].id : null };
    },

    /** One of the invoices of the member's company; another company's answers 404. */
    async getFor(userId: number, id: number): Promise<Invoice> {
      const [row] = await db
        .select(invoiceColumns)
        .from(invoices)
        .where(and(eq(invoices.id, id), ofCompany(invoices.companyId, userId)));
      if (!row) throw notFound('No such invoice.');
      return present(row);
    },

    /** The invoice's PDF for a member of its company; another company's answers 404. */
    async pdfFor(userId: number, id: number) {
      const [row] = await db
        .select()
        .from(invoices)
        .where(and(eq(invoices.id, id), ofCompany(invoices.companyId, userId)));
      if (!row) throw notFound('No such invoice.');
      return pdfOf(row);
    },

    async get(id: number): Promise<StaffInvoice | null> {
      const [row] = await db.select(staffColumns).from(invoices).where(eq(invoices.id, id));
      return row ? presentForStaff(row) : null;
    },

    async pdf(id: number) {
      const [row] = await db.select().from(invoices).where(eq(invoices.id, id));
      if (!row) throw notFound('No such invoice.');
      return pdfOf(row);
    },

    /** An invoice from an accounting package, uploaded to a customer's account (the PDF already checked). */
    async upload(input: { user_id: number; number: string; date: string; total: number }, pdf: Buffer, staffId: number): Promise<StaffInvoice> {
      const [owner] = await db
        .select({ id: users.id, creditDays: companies.creditDays })
        .from(users)
        .innerJoin(companies, eq(companies.id, users.companyId))
        .where(and(eq(users.id, input.user_id), sql`${users.deletedAt} is null`));
      if (!owner) throw unprocessable({ user_id: 'No such customer' });
      const key = `invoices/uploaded-${randomToken(12)}.pdf`;
      await files.put(key, pdf);
      try {
        const row = await db.transaction(async (tx) => {
          const [made] = await tx
            .insert(invoices)
            .values({
              number: input.number,
              userId: input.user_id,
              source: 'uploaded',
              date: input.date,
              dueDate: invoiceDueDate(input.date, owner.creditDays, false),
              total: input.total,
              fileKey: key,
              fileSize: pdf.length,
              createdBy: staffId,
            })
            .returning({ id: invoices.id, userId: invoices.userId });
          await webhookEvents.emit(tx, { userId: made.userId, type: 'invoice.created', invoiceId: made.id });
          return made;
        });
        return (await this.get(row.id))!;
      } catch (error) {
        await files.delete(key);
        if (isUniqueViolation(error, 'invoices_number_unique')) throw unprocessable({ number: 'An invoice with this number exists already' });
        throw error;
      }
    },

    /** A customer's statement for a month (YYYY-MM): that month's invoices of their company with their totals. */
    async statement(userId: number, month: string): Promise<{ body: Buffer; name: string }> {
      const [found] = await db
        .select({ buyer: users, company: companies })
        .from(users)
        .innerJoin(companies, eq(companies.id, users.companyId))
        .where(eq(users.id, userId));
      if (!found) throw notFound('No such customer.');
      const { buyer, company } = found;
      const start = `${month}-01`;
      const [y, m] = month.split('-').map(Number);
      const end = `${m === 12 ? y + 1 : y}-${String(m === 12 ? 1 : m + 1).padStart(2, '0')}-01`;
      const rows = await db
        .select()
        .from(invoices)
        .where(and(eq(invoices.companyId, company.id), gte(invoices.date, start), lt(invoices.date, end)))
        .orderBy(invoices.date, invoices.id);
      const { seller: from } = await seller(db);
      const body = await statementPdf(
        { month, seller: from, buyer: { company: company.name, name: `${buyer.firstname} ${buyer.lastname}`.trim() } },
        rows.map((r) => ({ number: r.number, date: r.date, order_id: r.orderId, net: r.net, vat: r.vat, total: r.total })),
      );
      return { body, name: `statement-${month}.pdf` };
    },
  };
}

export type InvoicesService = ReturnType<typeof invoicesService>;
