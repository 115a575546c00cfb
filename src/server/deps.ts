import type { Config } from './config';
import type { Database, Db } from './db/client';
import type { FileStore } from './lib/files';
import type { JobQueue } from './lib/jobs';
import type { Mailer } from './lib/mail';
import type { AccountsService } from './modules/accounts/service';
import type { AddressesService } from './modules/addresses/service';
import type { PasswordResetService } from './modules/accounts/password-resets';
import type { SessionStore } from './modules/accounts/sessions';
import type { AgreementsService } from './modules/catalogue/agreements';
import type { MarginsService } from './modules/catalogue/margins';
import type { OptionsService } from './modules/catalogue/options';
import type { TurnaroundsService } from './modules/catalogue/turnarounds';
import type { ProductsService } from './modules/catalogue/products';
import type { StockService } from './modules/catalogue/stock';
import type { CountriesService } from './modules/countries/service';
import type { DeliveryService } from './modules/delivery/service';
import type { ArtworkEngine } from './modules/artwork/preflight';
import type { ArtworkService } from './modules/artwork/service';
import type { OrdersService } from './modules/orders/service';
import type { ProofDecisionsService } from './modules/proofs/decisions';
import type { PaymentsService } from './modules/payments/service';
import type { StatementsService } from './modules/payments/statements';
import type { ReportsService } from './modules/reports/service';
import type { StaffPaymentsService } from './modules/payments/staff-payments';
import type { StaffOrdersService } from './modules/orders/staff';
import type { OrdersExportService } from './modules/orders/export';
import type { BatchesService } from './modules/production/batches';
import type { InvoicesService } from './modules/invoices/service';
import type { QuotesService } from './modules/quotes/service';
import type { RoyalMailService } from './modules/royalmail/service';
import type { TicketsService } from './modules/tickets/service';
import type { MailOutbox } from './modules/mail/service';
import type { OAuthService } from './modules/oauth/service';
import type { PricesService } from './modules/prices/service';
import type { SettingsService } from './modules/settings/service';
import type { StaffUsersService } from './modules/users/service';
import type { ApiKeysService } from './modules/trade-api/keys';
import type { WebhookEventsEmitter } from './modules/webhooks/emit';
import type { WebhooksService } from './modules/webhooks/service';
import type { IdempotencyStore } from './modules/trade-api/idempotency';
import type { TradeOrdersService } from './modules/trade-api/orders';
import type { ProofsService } from './modules/proofs/service';
import type { CompanyMembersService } from './modules/companies/members';

/**
 * The config, the database, and every service and store, each built once in app.ts. A plugin
 * declares the part of it that it uses (`Pick<AppDeps, 'db' | 'outbox'>`), app.ts registers it with
 * exactly that, and it never builds a service of its own.
 */
export interface AppDeps {
  config: Config;
  database: Database;
  db: Db;
  /** Secret for HMACs (XSRF). */
  appKey: string;
  /** Delivers one message now (SMTP or an .eml file); services queue mail in `outbox` instead. */
  mailer: Mailer;
  /** The background job queue on the database (mail, artwork previews and preflight, batch ZIPs). */
  jobs: JobQueue;
  /** The durable mail outbox: `outbox.queue(tx, message)` in the transaction of the change. */
  outbox: MailOutbox;
  files: FileStore;
  sessions: SessionStore;
  settings: SettingsService;
  accounts: AccountsService;
  resets: PasswordResetService;
  users: StaffUsersService;
  countries: CountriesService;
  delivery: DeliveryService;
  /** The PDF engine (PDFium in a worker thread), one per process. */
  artworkEngine: ArtworkEngine;
  artwork: ArtworkService;
  orders: OrdersService;
  /** Decisions on proofs (the customer's, staff's for them by phone) and the links of the proofs' e-mails. */
  proofDecisions: ProofDecisionsService;
  /** Card payments: the provider's webhook, refunds of cancelled paid orders. */
  payments: PaymentsService;
  /** Payments staff record and allocate to invoices. */
  staffPayments: StaffPaymentsService;
  statements: StatementsService;
  /** Staff reports: the business over a range of days, one statement each. */
  reports: ReportsService;
  staffOrders: StaffOrdersService;
  /** Invoices: raised on dispatch, uploaded, their PDFs and statements. */
  invoices: InvoicesService;
  /** Saved quotes: saved from a basket, their PDFs, ordered at the quoted prices. */
  quotes: QuotesService;
  /** The customers' address books: saved delivery addresses, their CSV imports, `address_id` resolved for an order. */
  addresses: AddressesService;
  /** Production batches: runs (a background job each), their ZIPs. */
  batches: BatchesService;
  /** A customer's orders as an XLSX spreadsheet, streamed as it is written. */
  ordersExport: OrdersExportService;
  /** The Royal Mail page: Click & Drop export and push, tracking files. */
  royalMail: RoyalMailService;
  /** The Resolution Centre: tickets, their threads and attachments. */
  tickets: TicketsService;
  stock: StockService;
  products: ProductsService;
  margins: MarginsService;
  /** A product's finishing options (groups and their options) and its turnarounds. */
  options: OptionsService;
  turnarounds: TurnaroundsService;
  agreements: AgreementsService;
  prices: PricesService;
  /** Social sign-in: the configured providers, flows, linked identities. */
  oauth: OAuthService;
  /** Trade API keys: made, listed, revoked, and the caller each /api/v1 request names. */
  apiKeys: ApiKeysService;
  /** Emits webhook events in the caller's transaction (the order moves, artwork checks, invoices, the trade API's order creation). */
  webhookEvents: WebhookEventsEmitter;
  /** The customer's webhook endpoints and their delivery log. */
  webhooks: WebhooksService;
  /** Orders placed through the trade API: made, read, listed, cancelled, given artwork, moved in the sandbox; they confirm themselves. */
  tradeOrders: TradeOrdersService;
  /** Items' proofs (their PDFs, versions and staff's own) and products' artwork templates. */
  proofs: ProofsService;
  /** The trade API's Idempotency-Keys, kept 24 hours with their answers. */
  idempotency: IdempotencyStore;
  /** A company's members and invitations, and staff's moves of accounts between companies. */
  companyMembers: CompanyMembersService;
}
