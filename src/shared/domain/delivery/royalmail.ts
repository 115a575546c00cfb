import { inertCell, type CsvCell } from '../csv';

/**
 * Royal Mail dispatch rules (DESIGN §2 "Dispatch: the Royal Mail page"): the package format an
 * order is sent as, and the columns of the Click & Drop order-import CSV. Pure: the server writes
 * the CSV and the API request from them, the Royal Mail page shows the same format.
 */

/** Click & Drop's package formats (its API's `packageFormatIdentifier` values) that trade print uses. */
export const PACKAGE_SIZES = ['largeLetter', 'smallParcel', 'mediumParcel'] as const;
export type PackageSize = (typeof PACKAGE_SIZES)[number];

export const PACKAGE_SIZE_NAMES: Readonly<Record<PackageSize, string>> = {
  largeLetter: 'Large letter',
  smallParcel: 'Small parcel',
  mediumParcel: 'Medium parcel',
};

/** Royal Mail's weight limits (grams) for each format. */
export const PACKAGE_SIZE_LIMITS: Readonly<Record<PackageSize, number>> = {
  largeLetter: 750,
  smallParcel: 2000,
  mediumParcel: 20000,
};

/**
 * The format an order goes as: the lightest that takes its weight; a large item (posters, roller
 * banners) never goes as a large letter, whatever it weighs.
 */
export function packageSize(weightGrams: number, largeItem: boolean): PackageSize {
  if (!largeItem && weightGrams <= PACKAGE_SIZE_LIMITS.largeLetter) return 'largeLetter';
  if (weightGrams <= PACKAGE_SIZE_LIMITS.smallParcel) return 'smallParcel';
  return 'mediumParcel';
}

/** Grams as Click & Drop's kilograms, to the gram ("0.35"). */
export const kilograms = (grams: number): string => (grams / 1000).toFixed(3).replace(/0+$/, '').replace(/\.$/, '');

/** Pence as pounds with two decimals ("12.50"), as Click & Drop expects money. */
export const pounds = (pence: number): string => (pence / 100).toFixed(2);

/** What the export knows of one order. */
export interface RoyalMailShipment {
  order_id: number;
  firstname: string;
  lastname: string;
  company_name: string;
  address1: string;
  address2: string;
  town: string;
  county: string;
  postcode: string;
  /** ISO 3166-1 alpha-2. */
  country_code: string;
  email: string;
  telephone: string;
  /** Grams. */
  weight: number;
  package_size: PackageSize;
  service_code: string;
  /** Pence: the goods (net of VAT and delivery), delivery, and the total paid. */
  subtotal: number;
  shipping: number;
  total: number;
  /**
   * Who the parcel is from when it is not us: a blind order's customer (their company, phone and
   * e-mail), so the label names them. Null: Click & Drop's own default sender (ours).
   */
  sender: RoyalMailSender | null;
}

export interface RoyalMailSender {
  trading_name: string;
  phone: string;
  email: string;
}

/**
 * The Click & Drop order-import CSV's columns, in order (DESIGN §2 lists the mandatory ones —
 * Address line 1, City, Postcode, and First name or Company name — and the others it carries).
 * The order reference is our order number: tracking numbers come back keyed by it.
 *
 * Formulas in this file (the rule is shared/domain/csv.ts): the file is read by two things — Royal
 * Mail's importer, which takes every cell as literal text, and, often first, a staff member's Excel.
 * The customer writes the name, company, address lines, town, county, postcode, e-mail and phone,
 * so those cells get the same rule as every CSV of ours: one that would start a formula is written
 * with a leading apostrophe. Royal Mail then imports the apostrophe too, and it may be printed on
 * the label — acceptable, because a real name or address line beginning with `=`, `+`, `-` or `@`
 * is vanishingly rare, and a label reading `'=HYPERLINK(…)` harms no one. Phone is the exception:
 * `+44 20 7946 0000` is how international (and many UK) numbers are written, Royal Mail's
 * specification says the field is numeric (25 characters) and uses it for delivery texts, and an
 * apostrophe would spoil it. A phone made of digits, spaces and `+ - ( ) .` cannot spell a
 * function, a reference or a command, so it is written as typed (inertCell); anything else in it
 * gets the apostrophe. The numbers we write (order number, weight, money) are never negative and
 * never touched.
 */
export const CLICK_AND_DROP_COLUMNS: ReadonlyArray<readonly [string, (s: RoyalMailShipment) => CsvCell]> = [
  ['Order reference', (s) => String(s.order_id)],
  ['First name', (s) => s.firstname],
  ['Last name', (s) => s.lastname],
  ['Company name', (s) => s.company_name],
  ['Address line 1', (s) => s.address1],
  ['Address line 2', (s) => s.address2],
  ['City', (s) => s.town],
  ['County', (s) => s.county],
  ['Postcode', (s) => s.postcode],
  ['Country', (s) => s.country_code],
  ['Email', (s) => s.email],
  ['Phone', (s) => inertCell(s.telephone)],
  ['Weight (kg)', (s) => kilograms(s.weight)],
  ['Package size', (s) => PACKAGE_SIZE_NAMES[s.package_size]],
  ['Service code', (s) => s.service_code],
  ['Sub-total', (s) => pounds(s.subtotal)],
  ['Shipping cost', (s) => pounds(s.shipping)],
  ['Total', (s) => pounds(s.total)],
  ['Currency code', () => 'GBP'],
  // Last, so an import reading the earlier columns by position reads them where it always did; empty
  // for our own orders, which Click & Drop then sends under the account's default trading name.
  ['Sender trading name', (s) => s.sender?.trading_name ?? ''],
  ['Sender phone', (s) => inertCell(s.sender?.phone ?? '')],
  ['Sender email', (s) => s.sender?.email ?? ''],
];
