import path from 'node:path';
import secureJson from 'secure-json-parse';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { fastifyTrustProxy, type Config } from './config';
import type { Database } from './db/client';
import type { AppDeps } from './deps';
import { resolveAppKey } from './lib/app-key';
import { registerAuth } from './lib/auth';
import { registerErrorHandling } from './lib/errors';
import { appFileStore } from './lib/app-file-store';
import type { FileStore } from './lib/files';
import { appLoggerOptions } from './lib/logging';
import { contextualLog, registerLogContext } from './lib/log-context';
import { Lifecycle } from './lib/lifecycle';
import { createMetrics, registerRequestMetrics, type AppMetrics } from './lib/metrics';
import metricsRoutes from './modules/health/metrics-routes';
import { registerDatabaseAvailability } from './db/availability';
import { createJobQueue, DEFAULT_LEASE } from './lib/jobs';
import { requestsInFlight } from './lib/in-flight';
import { createMailer, type Mailer } from './lib/mail';
import { setMaxConcurrentHashes } from './lib/passwords';
import { registerRateLimiting } from './lib/rate-limit';
import { registerApiCaching } from './lib/caching';
import { registerCompression } from './lib/compression';
import { AccessLog } from './lib/request-log';
import { registerSecurityHeaders } from './lib/security-headers';
import { registerSpa } from './lib/spa';
import { strayFileSweeps } from './lib/stray-files';
import { registerXsrf } from './lib/xsrf';
import { appVersion, registerOpenApi, registerTradeApiDocument } from './lib/openapi';
import { apiKeysService } from './modules/trade-api/keys';
import { registerTradeApiLimits } from './lib/trade-api';
import tradeAccountRoutes from './modules/trade-api/account-routes';
import apiKeyRoutes from './modules/trade-api/key-routes';
import tradeCatalogueRoutes from './modules/trade-api/catalogue-routes';
import { tradeCatalogue } from './modules/trade-api/catalogue';
import { registerDevelopersPage } from './modules/trade-api/developers-routes';
import { tradeApiIntroduction } from './modules/trade-api/getting-started';
import tradeInvoiceRoutes from './modules/trade-api/invoice-routes';
import tradeQuoteRoutes from './modules/trade-api/quote-routes';
import tradeOrderRoutes from './modules/trade-api/order-routes';
import tradeProofRoutes from './modules/trade-api/proof-routes';
import { idempotencyStore } from './modules/trade-api/idempotency';
import { queueTradeOrderConfirmation, tradeOrderIn, tradeOrdersService } from './modules/trade-api/orders';
import { registerZodValidation } from './lib/zod';
import accountsRoutes from './modules/accounts/routes';
import { purgeSchedule } from './modules/accounts/purge';
import { sessionStore } from './modules/accounts/sessions';
import countriesRoutes from './modules/countries/routes';
import healthRoutes from './modules/health/routes';
import oauthRoutes from './modules/oauth/routes';
import { configuredProviders } from './modules/oauth/providers';
import { oauthService } from './modules/oauth/service';
import catalogueStaffRoutes from './modules/catalogue/staff-routes';
import pricesRoutes from './modules/prices/routes';
import { afterStaffWrites } from './lib/after-staff-writes';
import settingsRoutes from './modules/settings/routes';
import { passwordResetService } from './modules/accounts/password-resets';
import { accountsService } from './modules/accounts/service';
import { approvalDigest } from './modules/accounts/approval-digest';
import { agreementsService } from './modules/catalogue/agreements';
import { marginsService } from './modules/catalogue/margins';
import { optionsService } from './modules/catalogue/options';
import { turnaroundsService } from './modules/catalogue/turnarounds';
import { productsService } from './modules/catalogue/products';
import { stockService } from './modules/catalogue/stock';
import { countriesService } from './modules/countries/service';
import { deliveryService } from './modules/delivery/service';
import { artworkCheckJob } from './modules/artwork/job';
import artworkRoutes from './modules/artwork/routes';
import { artworkService } from './modules/artwork/service';
import ordersRoutes from './modules/orders/routes';
import { orderMailJob } from './modules/orders/order-mail-job';
import orderApprovalRoutes from './modules/orders/approval-routes';
import { ordersService } from './modules/orders/service';
import ordersStaffRoutes from './modules/orders/staff-routes';
import { staffOrdersService } from './modules/orders/staff';
import invoicesStaffRoutes from './modules/invoices/staff-routes';
import invoicesRoutes from './modules/invoices/routes';
import { invoicesService } from './modules/invoices/service';
import addressesRoutes from './modules/addresses/routes';
import companyRoutes from './modules/companies/company-routes';
import { addressesService } from './modules/addresses/service';
import quotesRoutes from './modules/quotes/routes';
import { quotesService } from './modules/quotes/service';
import ordersExportStaffRoutes, { ordersExportDownloads } from './modules/orders/export-routes';
import { ordersExportService } from './modules/orders/export';
import batchesStaffRoutes, { batchDownloads } from './modules/production/staff-routes';
import { batchesService } from './modules/production/batches';
import royalMailStaffRoutes from './modules/royalmail/staff-routes';
import accountsStaffRoutes from './modules/accounts/staff-routes';
import { royalMailService } from './modules/royalmail/service';
import { createArtworkEngine, type ArtworkEngine } from './modules/artwork/preflight';
import { pricesService } from './modules/prices/service';
import { settingsService } from './modules/settings/service';
import { staffUsersService } from './modules/users/service';
import { companyMembersService } from './modules/companies/members';
import companyMemberRoutes from './modules/companies/member-routes';
import companyStaffRoutes from './modules/companies/staff-member-routes';
import countriesStaffRoutes from './modules/countries/staff-routes';
import deliveryStaffRoutes from './modules/delivery/staff-routes';
import filesRoutes from './modules/files/routes';
import mailStaffRoutes from './modules/mail/staff-routes';
import { mailOutboxService } from './modules/mail/service';
import settingsStaffRoutes from './modules/settings/staff-routes';
import usersStaffRoutes from './modules/users/staff-routes';
import ticketsStaffRoutes from './modules/tickets/staff-routes';
import ticketsRoutes from './modules/tickets/routes';
import { ticketsService } from './modules/tickets/service';
import paymentsRoutes from './modules/payments/routes';
import { paymentsService } from './modules/payments/service';
import paymentsStaffRoutes from './modules/payments/staff-routes';
import { staffPaymentsService } from './modules/payments/staff-payments';
import { stripeCardPayments } from './modules/payments/stripe';
import { agedDebtStaffRoutes, statementRoutes } from './modules/payments/statement-routes';
import { statementsService } from './modules/payments/statements';
import { reportsService } from './modules/reports/service';
import reportsStaffRoutes from './modules/reports/staff-routes';
import { presentOrderIn } from './modules/orders/present';
import { presentInvoiceOn } from './modules/invoices/service';
import { webhookEventsEmitter } from './modules/webhooks/emit';
import { webhookDelivery } from './modules/webhooks/delivery';
import { webhooksService } from './modules/webhooks/service';
import webhooksRoutes from './modules/webhooks/routes';
import { proofJob } from './modules/proofs/job';
import proofsRoutes from './modules/proofs/routes';
import { proofsService } from './modules/proofs/service';
import proofsStaffRoutes from './modules/proofs/staff-routes';
import { proofDecisionsService } from './modules/proofs/decisions';
import proofDecisionRoutes from './modules/proofs/decision-routes';
import proofDecisionStaffRoutes from './modules/proofs/staff-decision-routes';
import { proofReminders } from './modules/proofs/reminders';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Every service, for what drives the whole app from outside (main.ts seeds the demo orders
     * through them; tests and benchmarks reach them). No plugin reads it: each is registered with
     * the services it uses, and nothing else.
     */
    deps: AppDeps;
    /** Whether the instance is shutting down (its readiness check says so); main's shutdown begins the drain. */
    lifecycle: Lifecycle;
  }
}

export interface BuildAppOptions {
  config: Config;
  database: Database;
  /** Where the built SPA lives; null serves the API only. Default: ./dist */
  distDir?: string | null;
  mailer?: Mailer;
  /** The file store; default: the one the config names (tests wrap it to make it fail). */
  files?: FileStore;
  logger?: FastifyServerOptions['logger'];
}

/** Every service and store, built once; each plugin is given the ones it uses. */
function buildServices(
  config: Config,
  database: Database,
  files: FileStore,
  mailer: Mailer,
  log: FastifyBaseLogger,
  answering: () => number,
  metrics: AppMetrics | undefined,
): AppDeps {
  const { db } = database;
  // Background jobs wait for a moment with no request to answer (at most a quarter of a second).
  const jobs = createJobQueue({ db, log, ...config.jobs, busy: () => answering() > 0, observer: metrics?.jobs });
  const outbox = mailOutboxService({ db, jobs, mailer, log, retryBaseMs: config.mail.retryBaseMs });
  const links = { appUrl: config.appUrl, appName: config.appName };
  const sessions = sessionStore(db);
  const settings = settingsService(db);
  const approvals = approvalDigest({ db, jobs, outbox, settings, ...links });
  const accounts = accountsService({ db, sessions, settings, outbox, approvals, paymentTerms: config.defaultPaymentTerms, ...links });
  const resets = passwordResetService({ db, jobs, accounts, outbox, ...links });
  const stock = stockService(db);
  const products = productsService(db);
  const prices = pricesService(db);
  const delivery = deliveryService(db);
  // One PDF engine per process: one artwork job at a time, in its worker thread.
  const artworkEngine = timedChecks(createArtworkEngine(), metrics);
  const cardPayments = config.stripe && stripeCardPayments(config.stripe);
  // Webhook events are written in the transaction of the change they report, their bodies read through it.
  const webhookEvents = webhookEventsEmitter({
    jobs,
    // An order event's body is the order as the trade API answers it (GET /api/v1/orders/{id}).
    presentOrder: (tx, userId, orderId) => tradeOrderIn(tx, (t, u, o) => presentOrderIn(t, { cardPayments }, u, o), userId, orderId),
    presentInvoice: presentInvoiceOn,
  });
  webhookDelivery({ db, jobs, outbox, log, ...links, config: config.webhooks });
  const appKey = resolveAppKey(config.appKey, config.dataDir);
  // Proofs: made by their job from the checked artwork, or uploaded by staff; each tells its customer (the e-mail's link signed with the app key).
  const proofPublishing = { jobs, outbox, webhookEvents, appKey, ...links };
  const proofJobs = proofJob({ ...proofPublishing, db, files, engine: artworkEngine, settings, log });
  // A finished check of an API order's artwork tries to confirm the order (a job, in the check's
  // transaction); new artwork after a change request to a proof makes its next version.
  const artworkChecks = artworkCheckJob({
    db,
    files,
    jobs,
    engine: artworkEngine,
    webhookEvents,
    onChecked: async (tx, itemId) => {
      await queueTradeOrderConfirmation(jobs, tx, itemId);
      await proofJobs.afterArtworkCheck(tx, itemId);
    },
  });
  const invoices = invoicesService({ db, files, jobs, webhookEvents });
  // The customer's e-mail about an order's move: written by this job from the move's history row.
  orderMailJob({ db, jobs, outbox, log, ...links });
  const payments = paymentsService({ db, jobs, log, cardPayments, webhookEvents });
  const orders = ordersService({
    db,
    prices,
    delivery,
    settings,
    jobs,
    files,
    queueArtworkCheck: artworkChecks.queueCheck,
    cardPayments,
    queueRefund: payments.queueRefund,
    webhookEvents,
    outbox,
    appUrl: config.appUrl,
    appName: config.appName,
    appKey,
  });
  const artwork = artworkService({ db, files, engine: artworkEngine, settings, orders, checks: artworkChecks, jobs, fetchRule: config.artworkFetch });
  // Proofs' decisions, and the reminders of those that wait for one (a job per proof, a day apart).
  const proofDecisions = proofDecisionsService({ db, outbox, delivery, webhookEvents, appKey, ...links });
  proofReminders({ db, jobs, outbox, delivery, appKey, log, ...links });
  const addresses = addressesService({ db });
  const tradeOrders = tradeOrdersService({
    db,
    jobs,
    orders: orders.context,
    artwork,
    // An item's artwork_url is fetched by the artwork-by-URL job, queued in the order's transaction.
    queueArtworkFetch: (tx, { userId, orderId, itemId, url }) => artwork.fetchFromUrlInTransaction(tx, userId, orderId, itemId, url),
    addresses,
    webhookEvents,
  });
  return {
    config,
    database,
    db,
    appKey,
    mailer,
    jobs,
    outbox,
    files,
    sessions,
    settings,
    accounts,
    resets,
    users: staffUsersService({ db, resets, files, outbox, paymentTerms: config.defaultPaymentTerms, cardPayments: Boolean(cardPayments), ...links }),
    countries: countriesService(db),
    delivery,
    artworkEngine,
    artwork,
    orders,
    proofDecisions,
    invoices,
    quotes: quotesService({ db, orders, settings, files, appName: config.appName }),
    addresses,
    payments,
    staffPayments: staffPaymentsService({ db, invoicesPaid: invoices.paymentsChanged }),
    statements: statementsService({ db }),
    reports: reportsService({ db }),
    staffOrders: staffOrdersService({ db, orders, jobs, invoices, queueRefund: payments.queueRefund, webhookEvents }),
    batches: batchesService({ db, files, jobs, log, ...links }),
    ordersExport: ordersExportService({ db, appName: config.appName }),
    royalMail: royalMailService({ db, config }),
    tickets: ticketsService({ db, files, outbox, settings, ...links }),
    stock,
    products,
    margins: marginsService(db, { products, stock }),
    options: optionsService(db),
    turnarounds: turnaroundsService(db),
    agreements: agreementsService(db),
    prices,
    apiKeys: apiKeysService(db),
    webhookEvents,
    webhooks: webhooksService({ db, jobs, emitter: webhookEvents, allowPrivate: config.webhooks.allowPrivate }),
    tradeOrders,
    proofs: proofsService({ ...proofPublishing, db, files, engine: artworkEngine, prices }),
    idempotency: idempotencyStore(db),
    companyMembers: companyMembersService({ db, sessions, outbox, accounts, paymentTerms: config.defaultPaymentTerms, ...links }),
    oauth: oauthService({ db, accounts, sessions, providers: configuredProviders(config.oauth), appUrl: config.appUrl, log }),
  };
}

/** The engine, its checks timed for the metrics (the preflight time); as it is without metrics. */
function timedChecks(engine: ArtworkEngine, metrics: AppMetrics | undefined): ArtworkEngine {
  if (!metrics) return engine;
  const check = engine.check.bind(engine);
  engine.check = (...args) => metrics.timePreflight(() => check(...args));
  return engine;
}

/** The whole HTTP application on an open, migrated database. Tests drive it with inject() and real HTTP. */
export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = opts;
  const app = Fastify({
    logger: opts.logger ?? appLoggerOptions(config),
    bodyLimit: config.bodyLimit,
    // A path parameter may be a signed token (a proof's e-mail link: its payload and HMAC), longer than Fastify's default 100.
    routerOptions: { maxParamLength: 256 },
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // One line per request (DESIGN §1), not Fastify's two.
    logController: new AccessLog({ disableRequestLogging: opts.logger === false }),
  });

  // First of all hooks: from here on, what a request's work logs carries the request's id.
  registerLogContext(app);
  // The services' logger: their lines say which request or job they were written for.
  const log = contextualLog(app.log);
  const lifecycle = new Lifecycle();
  app.decorate('lifecycle', lifecycle);
  // Metrics cost nothing unless an operator asked for them (METRICS_TOKEN).
  const metrics = config.metricsToken ? createMetrics({ database, role: config.role, version: appVersion(), log }) : undefined;
  if (metrics) registerRequestMetrics(app, metrics);

  // A file store that cannot be used stops the start, with the setting to mend named.
  const files = opts.files ?? appFileStore(config);
  await files.check();
  setMaxConcurrentHashes(config.maxConcurrentHashes, config.maxQueuedHashes);
  const mailer = opts.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: path.join(config.dataDir, 'outbox'), log });
  const deps = buildServices(config, database, files, mailer, log, requestsInFlight(app.server), metrics);
  app.decorate('deps', deps);

  // The background work: the job workers (mail, artwork, batches, webhooks…) and the schedules
  // (expired sessions and links, the sandbox's old orders, stray temporaries). A web instance runs
  // none of it: its requests write jobs in their transactions, and the workers' poll takes them.
  // Closing waits for the jobs under way, and gives back those it cannot wait for.
  if (config.role !== 'web') {
    const purge = purgeSchedule(deps.db, config.purgeIntervalMs, log, deps.files);
    app.addHook('onReady', async () => purge.start());
    app.addHook('onClose', () => purge.stop());
    app.addHook('onReady', async () => deps.jobs.start());
    const sweeps = strayFileSweeps(deps.files, config.jobs.leaseMs ?? DEFAULT_LEASE.leaseMs, log);
    app.addHook('onReady', async () => sweeps.start());
    app.addHook('onClose', async () => sweeps.stop());
  }
  app.addHook('onClose', async () => {
    await deps.jobs.stop(config.shutdownTimeoutMs);
    await deps.artworkEngine.close();
    mailer.close?.();
  });

  registerErrorHandling(app);
  // While the database is down, API requests are answered 503 at once.
  registerDatabaseAvailability(app, database.availability);
  database.transactions.useLogger(log);
  registerZodValidation(app);
  await app.register(metricsRoutes, { metrics, token: config.metricsToken });
  // A worker answers its orchestrator's probes and the metrics' scrapes, and nothing else.
  if (config.role === 'worker') {
    await app.register(healthRoutes, { database, lifecycle });
    return app as unknown as FastifyInstance;
  }
  // Before the routes: the document is made of every route registered after it.
  await registerOpenApi(app, { title: `${config.appName} API`, version: appVersion() });
  await registerTradeApiDocument(app, {
    title: `${config.appName}: the trade API`,
    version: appVersion(),
    description: tradeApiIntroduction({ appName: config.appName, appUrl: config.appUrl, perMinute: config.apiRateLimitPerMinute }),
  });
  // react-admin's DELETE sends `Content-Type: application/json` with no body: treat an empty body as none.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    if (body === '' || body === undefined) return done(null, undefined);
    try {
      // secure-json-parse, as Fastify's own parser: refuses __proto__ and constructor.prototype keys.
      done(null, secureJson.parse(body as string, undefined, { protoAction: 'error', constructorAction: 'error' }));
    } catch {
      const err = Object.assign(new Error('Invalid JSON'), { statusCode: 400, code: 'FST_ERR_CTP_INVALID_JSON_BODY' });
      done(err, undefined);
    }
  });
  await registerCompression(app);
  registerSecurityHeaders(app, { hsts: config.appUrl.startsWith('https://') });
  registerApiCaching(app);
  registerXsrf(app, { key: deps.appKey, secure: config.appUrl.startsWith('https://') });
  registerAuth(app, (token) => deps.sessions.lookup(token));
  afterStaffWrites(app, () => {
    deps.prices.forgetTerms();
    deps.orders.forgetReferenceData();
  });
  registerRateLimiting(app, deps.db);
  registerTradeApiLimits(app, config.apiRateLimitPerMinute);
  // Elsewhere than the upload routes below, a multipart body is accepted unread (the route's schema
  // judges what is missing), as the multipart plugin itself would; without its per-request hooks.
  app.addContentTypeParser('multipart/form-data', (_request, _payload, done) => done(null));

  // Each plugin is given what it uses, and nothing else.
  const { db, appKey } = deps;
  await app.register(healthRoutes, { database, lifecycle });
  await app.register(accountsRoutes, { config, accounts: deps.accounts, resets: deps.resets, sessions: deps.sessions });
  await app.register(companyRoutes, { db });
  await app.register(settingsRoutes, { settings: deps.settings });
  await app.register(countriesRoutes, { countries: deps.countries });
  await app.register(oauthRoutes, { config, oauth: deps.oauth });
  await app.register(filesRoutes, { files, users: deps.users });
  await app.register(mailStaffRoutes, { db, outbox: deps.outbox });
  await app.register(settingsStaffRoutes, { db, settings: deps.settings });
  await app.register(countriesStaffRoutes, { db, countries: deps.countries });
  await app.register(deliveryStaffRoutes, { db, delivery: deps.delivery });
  await app.register(pricesRoutes, { prices: deps.prices });
  // Multipart bodies (staff logos, artwork, attachments later), for the plugins whose routes take a
  // file: the multipart plugin adds two hooks to every request of its scope, so it is not
  // registered at the root.
  await app.register(async (uploads) => {
    uploads.removeContentTypeParser('multipart/form-data');
    await uploads.register(multipart);
    await uploads.register(usersStaffRoutes, { db, users: deps.users });
    await uploads.register(ordersRoutes, { orders: deps.orders });
    await uploads.register(artworkRoutes, { artwork: deps.artwork, orders: deps.orders, files });
    await uploads.register(tradeOrderRoutes, { keys: deps.apiKeys, tradeOrders: deps.tradeOrders, idempotency: deps.idempotency });
    await uploads.register(royalMailStaffRoutes, { db, royalMail: deps.royalMail });
    await uploads.register(addressesRoutes, { addresses: deps.addresses });
    await uploads.register(invoicesStaffRoutes, { db, invoices: deps.invoices, artworkEngine: deps.artworkEngine });
    await uploads.register(ticketsRoutes, { config, tickets: deps.tickets, artworkEngine: deps.artworkEngine });
    await uploads.register(ticketsStaffRoutes, { db, tickets: deps.tickets, artworkEngine: deps.artworkEngine });
    await uploads.register(proofsStaffRoutes, { proofs: deps.proofs });
  });
  await app.register(proofsRoutes, { proofs: deps.proofs, appName: config.appName });
  await app.register(ordersStaffRoutes, { db, staffOrders: deps.staffOrders, files });
  await app.register(proofDecisionRoutes, { proofDecisions: deps.proofDecisions, orders: deps.orders });
  await app.register(orderApprovalRoutes, { orders: deps.orders });
  await app.register(proofDecisionStaffRoutes, { proofDecisions: deps.proofDecisions, staffOrders: deps.staffOrders });
  await app.register(batchDownloads, { batches: deps.batches, appKey });
  await app.register(batchesStaffRoutes, { db, batches: deps.batches, appKey, files: deps.files });
  await app.register(invoicesRoutes, { invoices: deps.invoices });
  await app.register(quotesRoutes, { quotes: deps.quotes });
  await app.register(webhooksRoutes, { webhooks: deps.webhooks });
  await app.register(paymentsRoutes, { payments: deps.payments });
  await app.register(paymentsStaffRoutes, { db, staffPayments: deps.staffPayments });
  await app.register(statementRoutes, { statements: deps.statements });
  await app.register(agedDebtStaffRoutes, { statements: deps.statements });
  await app.register(reportsStaffRoutes, { reports: deps.reports });
  await app.register(ordersExportDownloads, { ordersExport: deps.ordersExport, appKey });
  await app.register(ordersExportStaffRoutes, { ordersExport: deps.ordersExport, appKey });
  await app.register(accountsStaffRoutes, { db });
  await app.register(tradeAccountRoutes, { keys: deps.apiKeys });
  await app.register(tradeCatalogueRoutes, { keys: deps.apiKeys, catalogue: tradeCatalogue({ db, prices: deps.prices }) });
  await app.register(tradeQuoteRoutes, { keys: deps.apiKeys, quotes: deps.quotes });
  await app.register(tradeInvoiceRoutes, { keys: deps.apiKeys, invoices: deps.invoices });
  await app.register(tradeProofRoutes, {
    keys: deps.apiKeys,
    tradeOrders: deps.tradeOrders,
    proofs: deps.proofs,
    proofDecisions: deps.proofDecisions,
    appName: config.appName,
  });
  await app.register(apiKeyRoutes, { apiKeys: deps.apiKeys });
  await app.register(companyMemberRoutes, { config, members: deps.companyMembers });
  await app.register(companyStaffRoutes, { db, members: deps.companyMembers });
  await registerDevelopersPage(app, { title: `${config.appName}: the trade API` });
  await app.register(catalogueStaffRoutes, {
    db,
    stock: deps.stock,
    products: deps.products,
    margins: deps.margins,
    agreements: deps.agreements,
    options: deps.options,
    turnarounds: deps.turnarounds,
  });

  await registerSpa(app, opts.distDir === undefined ? path.resolve('dist') : opts.distDir);
  return app as unknown as FastifyInstance;
}
