/** The settings DESIGN §2 names, with the values a fresh install starts from. */
export const DEFAULT_SETTINGS: Array<{ name: string; value: string; description: string; public: boolean }> = [
  {
    name: 'STATUS_TEXT',
    // True of any catalogue: what the cut-off means. The demo names its own turnaround (demoStatusText).
    value: 'Orders confirmed by 12:00 on a working day go into production the same day.',
    description: 'The status banner at the top of every page.',
    public: true,
  },
  { name: 'COMPANY_NAME', value: 'Print Junction Trade Ltd', description: 'Legal company name, shown on invoices.', public: true },
  {
    name: 'COMPANY_ADDRESS',
    value: 'Unit 4, Junction Business Park, Leeds LS11 5QN, United Kingdom',
    description: 'Company address, shown in the footer and on invoices.',
    public: true,
  },
  {
    name: 'COMPANY_PHONE',
    value: '0113 496 0000',
    description: 'Telephone number customers call, shown in the footer and to accounts awaiting approval.',
    public: true,
  },
  {
    name: 'COMPANY_EMAIL',
    value: 'hello@printjunction.test',
    description: 'E-mail address customers write to, shown in the footer and to accounts awaiting approval.',
    public: true,
  },
  { name: 'COMPANY_VAT_NUMBER', value: 'GB 123 4567 89', description: 'VAT registration number, shown on invoices.', public: false },
  { name: 'VAT_RATE', value: '20', description: 'VAT rate in percent applied to orders (public: the price list shows prices with VAT).', public: true },
  { name: 'XERO_ACCOUNT_CODE', value: '200', description: 'The Xero account code the invoice export puts sales to (200: Xero’s Sales).', public: false },
  { name: 'XERO_TAX_TYPE', value: '20% (VAT on Income)', description: 'The Xero tax type of each line the invoice export writes.', public: false },
  { name: 'INVOICE_PREFIX', value: 'INV-', description: 'Prefix of invoice numbers, e.g. INV-000123.', public: false },
  {
    name: 'BANK_DETAILS',
    value: 'Print Junction Trade Ltd\nBarclays Bank · Sort code 20-00-00 · Account number 12345678\nIBAN GB29 BARC 2000 0012 3456 78 · BIC BARCGB22',
    description: 'The bank details printed on invoices for payment by bank transfer.',
    public: false,
  },
  {
    name: 'CREDIT_HOLD_OVERDUE_DAYS',
    value: '14',
    description: 'Days past its due date an unpaid invoice may be before the customer’s orders on account are held.',
    public: false,
  },
  { name: 'STAFF_EMAIL', value: 'studio@printjunction.test', description: 'Where staff notifications (tickets) are sent.', public: false },
  {
    name: 'REGISTRATION_ROLE',
    value: 'user',
    description: 'Role of newly registered accounts: user or trade, or none to approve each account by hand.',
    public: false,
  },
  {
    name: 'CUTOFF_TIME',
    value: '12:00',
    description: 'UK time (HH:MM) before which an order confirmed on a working day starts production that day.',
    public: true,
  },
  { name: 'ARTWORK_MAX_MB', value: '100', description: 'Largest artwork upload in megabytes.', public: false },
  {
    name: 'PROOF_PRICE',
    value: '0.00',
    description: 'Price in pounds of a proof to approve before printing, added to each item that has one (0 = free).',
    public: true,
  },
  { name: 'QUOTE_VALID_DAYS', value: '30', description: 'Days a saved quote’s prices hold, counted from the day it is saved (1–365).', public: false },
];

/**
 * The demo's status banner, from what its quotes say: the cut-off (CUTOFF_TIME) and a product's
 * production days — "Order by 12:00 for dispatch in 2 working days on business cards".
 */
export function demoStatusText(cutoff: string, productionDays: number, products: string): string {
  if (productionDays === 0) return `Order by ${cutoff} for same-day dispatch on ${products}.`;
  return `Order by ${cutoff} for dispatch in ${productionDays} working ${productionDays === 1 ? 'day' : 'days'} on ${products}.`;
}
