import { and, asc, count, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { PAYMENTS_EXPORT_COLUMNS, XERO_INVOICE_COLUMNS, type AccountsPeriod, type VatSummary } from '../../../shared/api/staff-accounts';
import { toCsv, type CsvCell } from '../../../shared/domain/csv';
import { poundsText, xeroDate, xeroQuantity } from '../../../shared/domain/accounts/xero';
import type { PaymentMethod } from '../../../shared/domain/payments/terms';
import type { Db } from '../../db/client';
import { countries, invoices, paymentAllocations, payments, settings, users } from '../../db/schema';
import { accountCompanyName } from '../companies/billing';
import type { InvoiceContent } from '../invoices/invoice-pdf';

/** The settings the Xero rows take their account code and tax type from, and what they fall back to. */
export const XERO_SETTINGS = { XERO_ACCOUNT_CODE: '200', XERO_TAX_TYPE: '20% (VAT on Income)' } as const;

const METHOD_NAMES: Record<PaymentMethod, string> = { card: 'Card', bank_transfer: 'Bank transfer', cheque: 'Cheque', other: 'Other' };

/** The customer as one Xero contact: their company, or their name when they have none (the same on each of their invoices). */
const contactName = sql<string>`coalesce(nullif(trim(${accountCompanyName}), ''), trim(${users.firstname} || ' ' || ${users.lastname}))`;

/**
 * Only invoices the app raised go to Xero: an uploaded invoice was made in the accounting package
 * (it is its PDF), so it is there already, and holds no lines to send.
 */
const raisedIn = (period: AccountsPeriod) => and(eq(invoices.source, 'raised'), gte(invoices.date, period.from), lte(invoices.date, period.to));

/**
 * The accountant's exports of a period (DESIGN §2 Exports): the invoices dated in it as Xero's
 * sales-invoice import, the payments received in it, and its VAT summary — all from what each
 * invoice stored when it was raised, so they agree with the invoices to the penny.
 */
export function accountsExportsService({ db }: { db: Db }) {
  async function xeroSettings() {
    const rows = await db
      .select({ name: settings.name, value: settings.value })
      .from(settings)
      .where(inArray(settings.name, Object.keys(XERO_SETTINGS)));
    const value = (name: keyof typeof XERO_SETTINGS) => rows.find((r) => r.name === name)?.value.trim() || XERO_SETTINGS[name];
    return { accountCode: value('XERO_ACCOUNT_CODE'), taxType: value('XERO_TAX_TYPE') };
  }

  /** The period's raised invoices in Xero's template: one row per line, then one for delivery when it was charged. */
  async function xeroInvoicesCsv(period: AccountsPeriod): Promise<string> {
    const { accountCode, taxType } = await xeroSettings();
    const rows = await db
      .select({
        number: invoices.number,
        date: invoices.date,
        dueDate: invoices.dueDate,
        content: invoices.content,
        contact: contactName,
        email: users.email,
        address1: users.address1,
        address2: users.address2,
        town: users.town,
        county: users.county,
        postcode: users.postcode,
        country: countries.name,
      })
      .from(invoices)
      .innerJoin(users, eq(users.id, invoices.userId))
      .leftJoin(countries, eq(countries.id, users.countryId))
      .where(raisedIn(period))
      .orderBy(asc(invoices.date), asc(invoices.number));

    const out: CsvCell[][] = [[...XERO_INVOICE_COLUMNS]];
    for (const r of rows) {
      const content = r.content as InvoiceContent | null;
      if (!content) continue;
      const line = (description: string, quantity: number, unitAmount: string): CsvCell[] => [
        r.contact,
        r.email,
        r.address1,
        r.address2,
        '',
        '',
        r.town,
        r.county,
        r.postcode,
        r.country ?? '',
        r.number,
        content.order?.ref ?? '',
        xeroDate(r.date),
        xeroDate(r.dueDate),
        '',
        description,
        quantity,
        unitAmount,
        '',
        accountCode,
        taxType,
        '',
        '',
        '',
        '',
        'GBP',
        '',
      ];
      for (const l of content.lines) {
        const { quantity, unitAmount } = xeroQuantity(l.qty, l.net);
        const named = [...(l.choices?.options.map((o) => o.name) ?? []), l.choices?.turnaround?.name].filter(Boolean);
        const description = `${l.description}, ${l.qty.toLocaleString('en-GB')}${named.length ? ` (${named.join(', ')})` : ''}`;
        out.push(line(description, quantity, unitAmount));
      }
      if (content.delivery.net) out.push(line(content.delivery.name, 1, poundsText(content.delivery.net)));
    }
    return toCsv(out);
  }

  /** The payments received in the period, each with what it paid of which invoices; amounts in pounds. */
  async function paymentsCsv(period: AccountsPeriod): Promise<string> {
    const rows = await db
      .select({
        id: payments.id,
        receivedOn: payments.receivedOn,
        customer: contactName,
        method: payments.method,
        reference: payments.reference,
        amount: payments.amount,
      })
      .from(payments)
      .innerJoin(users, eq(users.id, payments.userId))
      .where(and(gte(payments.receivedOn, period.from), lte(payments.receivedOn, period.to)))
      .orderBy(asc(payments.receivedOn), asc(payments.id));
    const allocations = rows.length
      ? await db
          .select({ paymentId: paymentAllocations.paymentId, number: invoices.number, amount: paymentAllocations.amount })
          .from(paymentAllocations)
          .innerJoin(invoices, eq(invoices.id, paymentAllocations.invoiceId))
          .where(
            inArray(
              paymentAllocations.paymentId,
              rows.map((r) => r.id),
            ),
          )
          .orderBy(asc(paymentAllocations.id))
      : [];
    const out: CsvCell[][] = [[...PAYMENTS_EXPORT_COLUMNS]];
    for (const r of rows) {
      const mine = allocations.filter((a) => a.paymentId === r.id);
      const allocated = mine.reduce((sum, a) => sum + a.amount, 0);
      out.push([
        xeroDate(r.receivedOn),
        r.customer,
        METHOD_NAMES[r.method as PaymentMethod] ?? r.method,
        r.reference,
        poundsText(r.amount),
        poundsText(allocated),
        poundsText(r.amount - allocated),
        mine.map((a) => `${a.number} ${poundsText(a.amount)}`).join('; '),
      ]);
    }
    return toCsv(out);
  }

  /** Boxes 6 and 1 of the period: the sums of the stored net and VAT of the invoices Xero is sent. */
  async function vatSummary(period: AccountsPeriod): Promise<VatSummary> {
    const [row] = await db
      .select({
        invoices: count(),
        net: sql<number>`coalesce(sum(${invoices.net}), 0)`.mapWith(Number),
        vat: sql<number>`coalesce(sum(${invoices.vat}), 0)`.mapWith(Number),
      })
      .from(invoices)
      .where(raisedIn(period));
    return { from: period.from, to: period.to, invoices: row.invoices, net_sales: row.net, output_vat: row.vat };
  }

  return { xeroInvoicesCsv, paymentsCsv, vatSummary };
}

export type AccountsExportsService = ReturnType<typeof accountsExportsService>;
