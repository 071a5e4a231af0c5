/* eslint @typescript-eslint/no-use-before-define: ['error', { functions: false, typedefs: false, ignoreTypeReferences: true }]
   -- Every service is built from those above it: a closure over one declared below is the late binding decision 042 removed. */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import { createViewAsResolver } from './features/admin/customers/view-as.service';
import { promotePayableCommissions } from './features/affiliate/commissions';
import type { AuthDeps } from './features/auth/auth.service';
import type { ViewAsResolver } from './features/auth/auth.guard';
import { createKnownDevices, type KnownDevices } from './features/auth/known-devices';
import { createAuthRateLimits, type AuthLimits, type AuthRateLimits, defaultAuthLimits, scaleIpLimits } from './features/auth/rate-limits';
import { createSessionStore, type SessionStore } from './features/auth/sessions';
import { createOrderConfirmations, createRefunds, sendOrderConfirmation, sendRefundIssued, type RefundNotices, sendCardExpiryNotices, sendRenewalReminders, type Refunds } from './features/billing';
import { runRenewals } from './features/billing/renewals.service';
import { createCatalogService, type CatalogService } from './features/catalog/catalog.service';
import { i18nServiceFor, type I18nService } from './features/i18n';
import { syncPanelLocations } from './features/catalog/panel-locations';
import { announcePriceChanges } from './features/catalog/price-changes.service';
import type { CheckoutDeps } from './features/checkout/checkout-deps';
import { expireStaleOrders } from './features/checkout/order-expiry';
import { watchWorkers, type WorkerState } from './features/health/readiness';
import type { PlanChangeDeps } from './features/plan-changes/plan-change-deps';
import { applyDueDowngrade, planChangePaid, resizeForChange } from './features/plan-changes/plan-change-resize';
import { sweepPlanChanges } from './features/plan-changes/plan-changes.service';
import type { RegionMoveDeps } from './features/region-moves/region-move-deps';
import { runMove } from './features/region-moves/region-move-run';
import { sweepMoves } from './features/region-moves/region-moves.service';
import { createPowerWatcher } from './features/servers/power.service';
import type { ManagementDeps } from './features/servers/server-access';
import { createServerMaintenance } from './features/servers/server-maintenance';
import { sendServerReady } from './features/servers/server-ready.emails';
import type { SoftwareSwitchDeps } from './features/software-switch/software-switch-deps';
import { openSwitchIds } from './features/software-switch/software-switch.repository';
import { advanceSoftwareSwitch } from './features/software-switch/software-switch.steps';
import { emailStaff, postAlertWebhook, type StaffAlertDeps } from './features/staff-alerts';
import { createArticlePages, createContentCache, type ArticlePages, type ContentCache } from './features/content';
import { cachedStatus, checkAndRecord, sendIncidentNotices, type IncidentDeps, type StatusCache } from './features/status';
import { autoResolveStaleTickets } from './features/support/auto-resolve';
import { createVatIdChecks, type VatIdChecks } from './features/tax/vat-id-checks.service';
import type { Mailer } from './integrations/mail/mailer';
import { createOutbox, SENT_MAIL_KEPT_DAYS, type Outbox } from './integrations/mail/outbox';
import { createGamePanel } from './integrations/panel/create-panel';
import type { GamePanel } from './integrations/panel/game-panel';
import type { PaymentProvider } from './integrations/payments/payment-provider';
import { paymentProviderFromConfig } from './integrations/payments/payment-providers';
import { vatIdCheckerFromConfig } from './integrations/vies/create-checker';
import type { BackgroundJobs } from './jobs/background-jobs';
import { backgroundJobsFor, jobQueuesFromConfig } from './jobs/jobs-from-config';
import { createMailJobs, defaultMailJobOptions, type MailJobOptions } from './jobs/mail-outbox';
import { createOrderConfirmationJobs } from './jobs/order-confirmations';
import { createRefundEmailJobs } from './jobs/refund-emails';
import { createStatusNoticeJobs, type StatusNoticeJobs } from './jobs/status-notices';
import type { Provisioning, ProvisioningOptions } from './jobs/provisioning';
import { createJobQueue, type JobQueueOptions } from './jobs/queue';
import type { EventBus } from './lib/events';
import { eventBusFor } from './lib/pg-events';
import { createRateLimiter, type RateLimiter } from './lib/rate-limiter';
import { randomIds, systemClock, type Clock, type Ids } from './lib/runtime';
import { createSecretBox } from './lib/secret-box';
import { loadSharedSecrets } from './lib/shared-secrets';
import { brandNameNow, setBrandFallback } from './features/brand';
import type { StaffAlerter } from './lib/staff-alert';

/** What the services are built from; tests replace the integrations and the job queues. */
export interface ServiceDeps {
  config: Config;
  database: Database;
  clock?: Clock;
  ids?: Ids;
  /** The transport that delivers email (SMTP); when not given, the built-in mailbox, where storing is delivering. */
  mailer?: Mailer;
  /** Tests: fewer and faster delivery retries of the mail job. */
  mailJobOptions?: Partial<MailJobOptions>;
  /** Overrides of the sign-in, sign-up, reset and resend rate limits (tests use small ones). */
  authLimits?: Partial<AuthLimits>;
  /** Payments; by default Stripe when STRIPE_SECRET_KEY is set, else the built-in checkout page. */
  payments?: PaymentProvider;
  /**
   * The game panel; by default Pterodactyl/Pelican when PANEL_URL is set, else the simulated one.
   * A partial panel (only hasCapacity, as checkout tests pass) serves checkout alone, and
   * provisioning then uses the configured panel.
   */
  panel?: GamePanel | Pick<GamePanel, 'hasCapacity'>;
  /** Change notices per user (GET /api/events); LISTEN/NOTIFY on PostgreSQL, in-process on PGlite. */
  events?: EventBus;
  /** Queues provisioning of a paid server; by default the durable job (jobs/provisioning.ts). */
  provisioning?: { enqueue(serverId: string): Promise<void> };
  /** Queues the resize of a plan change; by default the durable job (jobs/plan-change-resize.ts). */
  resizes?: { enqueue(changeId: string): Promise<void> };
  /** Queues a region move's job; by default the durable job (jobs/region-move.ts). */
  moves?: { enqueue(moveId: string, delaySeconds?: number): Promise<void> };
  /** Queues a software switch's job; by default the durable job (jobs/software-switch.ts). */
  softwareSwitches?: { enqueue(switchId: string): Promise<void> };
  /** Tests: faster retries and polls of the provisioning job, and of the queue's workers. */
  provisioningOptions?: Partial<ProvisioningOptions>;
  jobQueueOptions?: Omit<JobQueueOptions, 'log'>;
}

/** Every service of the app, built once; the routes and the app's decorations take theirs from here. */
export interface Services {
  config: Config;
  database: Database;
  db: Db;
  clock: Clock;
  ids: Ids;
  log: FastifyBaseLogger;
  production: boolean;
  /** The outbox: what every feature sends through (decision 057). */
  mailer: Mailer;
  /** The outbox with its delivery, resend and the mail job's workers. */
  outbox: Outbox & { startWorkers(): Promise<void> };
  /** No mailer was given: mail goes to the built-in mailbox. */
  builtInMailer: boolean;
  sessions: SessionStore;
  /** Finds a staff member's open "view as customer" (the auth guard asks it). */
  viewAs: ViewAsResolver;
  /** The counters every instance shares. */
  rateLimiter: RateLimiter;
  auth: AuthDeps;
  authLimits: AuthRateLimits;
  devices: KnownDevices;
  affiliateIpSalt: string;
  catalog: CatalogService;
  /** The shop's default language and staff's wording of the messages (decision 054). */
  i18n: I18nService;
  payments: PaymentProvider;
  events: EventBus;
  panel: GamePanel;
  management: ManagementDeps;
  /** Management, with the watch that follows a power action until the panel reports its end. */
  serverManagement: ManagementDeps & { watch: (serverId: string) => void };
  refunds: Refunds;
  /** The refund email's send and its job (decision 086); staff refunds take it too. */
  refundNotices: RefundNotices;
  provisioning: Provisioning;
  vatIds: VatIdChecks;
  planChanges: PlanChangeDeps;
  regionMoves: RegionMoveDeps;
  softwareSwitches: SoftwareSwitchDeps;
  checkout: CheckoutDeps;
  /** Raises staff alerts; delivered by a job (jobs/staff-alerts.ts). */
  alerts: StaffAlerter;
  /** Delivers them, and keeps the Settings webhook (features/staff-alerts). */
  staffAlerts: StaffAlertDeps;
  jobs: BackgroundJobs;
  /** The public status page's data, cached briefly (features/status). */
  status: StatusCache;
  /** Staff's incidents and maintenance notices, whose emails a job fans out (decision 074). */
  incidents: IncidentDeps;
  /** That job's queue and workers. */
  statusNotices: StatusNoticeJobs;
  /** The Markdown pages rendered as the public site shows them, cached briefly (features/content). */
  content: ContentCache;
  /** The news and help pages as the published articles make them, cached briefly (decision 070). */
  articlePages: ArticlePages;
  /** Whether this process's workers run (GET /api/ready). */
  workers: WorkerState;
  /** Stops the workers, the power watcher and the event bus the services opened. */
  close(): Promise<void>;
}

/**
 * Builds every service in dependency order: each is built from those above it. The durable jobs
 * come in two halves, as the services send to them and they run the services: their queues first,
 * their workers last.
 */
export async function createServices(deps: ServiceDeps & { log: FastifyBaseLogger }): Promise<Services> {
  const { config, database, log } = deps;
  const db = database.db;
  const clock = deps.clock ?? systemClock;
  const ids = deps.ids ?? randomIds;
  const production = config.NODE_ENV === 'production';
  const brand = config.BRAND_NAME;
  const publicUrl = config.PUBLIC_URL;
  // Until staff save a brand in Settings, BRAND_NAME and SUPPORT_EMAIL stand in for it.
  setBrandFallback(db, { name: brand, supportEmail: config.SUPPORT_EMAIL });
  // One pg-boss queue for every job; the outbox needs it before the services that send mail.
  const jobQueue = createJobQueue(database, { ...deps.jobQueueOptions, log });
  const mailJobOptions: MailJobOptions = { ...defaultMailJobOptions, singleProcess: database.kind === 'pglite', ...deps.mailJobOptions };
  const outboxStore = createOutbox({ db, clock, ids, transport: deps.mailer, log });
  const mailJobs = createMailJobs({ queue: jobQueue, log, options: mailJobOptions, deliver: outboxStore.deliver, stranded: outboxStore.stranded });
  const outbox = Object.assign(createOutbox({ db, clock, ids, transport: deps.mailer, delivery: mailJobs, log }), { startWorkers: mailJobs.startWorkers });
  const mailer: Mailer = outbox;

  const i18n = i18nServiceFor(db);
  const sessions = createSessionStore({ db, clock, ids });
  const viewAs = createViewAsResolver({ db, clock });
  // Counters live in the database, so every instance on it enforces one limit.
  const rateLimiter = createRateLimiter(db, clock);
  const authLimits = createAuthRateLimits(rateLimiter, deps.authLimits ?? scaleIpLimits(defaultAuthLimits, config.AUTH_IP_LIMIT_SCALE));
  const auth: AuthDeps = {
    db,
    clock,
    ids,
    mailer,
    sessions,
    brand,
    publicUrl,
    adminEmails: config.ADMIN_EMAILS,
    secrets: createSecretBox({ secret: config.APP_SECRET, previous: config.APP_SECRET_PREVIOUS }),
  };
  // Generated once and kept in the database, so every instance signs and hashes alike across restarts.
  const storedSecrets = createSecretBox({ secret: config.APP_SECRET, previous: config.APP_SECRET_PREVIOUS, purpose: 'stored-secrets' });
  const shared = await loadSharedSecrets(
    { db, clock, box: storedSecrets },
    { localPayments: config.LOCAL_PAYMENTS_SECRET, affiliateIpSalt: config.AFFILIATE_IP_SALT },
  );
  const devices = createKnownDevices(shared.signInDevices);

  // The panel driver reads this map on each call; the catalog keeps it in step with staff's panel locations.
  const panelLocations: Record<string, number | string> = { ...config.PANEL_LOCATIONS };
  const catalog = createCatalogService(db, brand, {
    onChange: (snapshot) => syncPanelLocations(panelLocations, config.PANEL_LOCATIONS, snapshot.draft),
  });
  const payments = deps.payments ?? paymentProviderFromConfig(config, { db, clock, localSecret: shared.localPayments, brandName: () => brandNameNow(db) });
  const events = deps.events ?? eventBusFor(database, log);
  const panel = deps.panel && 'createServer' in deps.panel ? deps.panel : createGamePanel({ ...config, PANEL_LOCATIONS: panelLocations }, { db, clock, ids });

  const management: ManagementDeps = { db, clock, ids, panel, events, log };
  const powerWatcher = createPowerWatcher(management);
  const serverManagement = { ...management, watch: powerWatcher.watch };
  // The customer's email for each refund, with its credit note PDF: sent beside the refund and owed
  // by a job written with it (decision 086).
  const refundEmailDeps = { db, clock, ids, payments, events, log, mailer, publicUrl, i18n, seller: { name: brand, email: config.SUPPORT_EMAIL, url: publicUrl } };
  const refundEmailJobs = createRefundEmailJobs({
    queue: jobQueue,
    log,
    singleProcess: database.kind === 'pglite',
    send: (userId, creditNoteId) => sendRefundIssued(refundEmailDeps, userId, creditNoteId),
  });
  const refundNotices: RefundNotices = {
    prepare: refundEmailJobs.prepare,
    record: refundEmailJobs.record,
    send: (userId, creditNoteId) => sendRefundIssued(refundEmailDeps, userId, creditNoteId),
  };
  const refunds = createRefunds({ db, clock, ids, payments, events, log, refundNotices });

  const queues = jobQueuesFromConfig({
    queue: jobQueue,
    config,
    database,
    clock,
    ids,
    panel,
    events,
    log,
    refundOrder: refunds.refundOrder,
    serverReady: (server) => sendServerReady({ db, mailer, publicUrl, panel, log }, server),
    provisioningOptions: deps.provisioningOptions,
    queueOptions: deps.jobQueueOptions,
  });
  const alerts = queues.alerts;
  const staffAlerts: StaffAlertDeps = { db, clock, ids, mailer, brand, publicUrl, box: storedSecrets, log };
  const vatIds = createVatIdChecks({ db, clock, checker: vatIdCheckerFromConfig(config), log, retries: queues.vatIdChecks });
  if (production && !config.VIES_API_URL) log.warn('VIES_API_URL is not set: no VAT ID can be checked, so EU businesses pay VAT until staff verify their ID by hand');
  const planChanges: PlanChangeDeps = { db, clock, ids, catalog, payments, panel, events, publicUrl, log, resizes: deps.resizes ?? queues.resizes, alerts };
  const regionMoves: RegionMoveDeps = { db, clock, ids, catalog, payments, panel, events, mailer, brand, publicUrl, log, moves: deps.moves ?? queues.moves, alerts };
  const softwareSwitches: SoftwareSwitchDeps = { ...management, catalog, switches: deps.softwareSwitches ?? queues.switches };
  // Order confirmations with their invoice PDF, sent beside the payment's request (decision 060).
  const confirmationDeps = {
    db, clock, ids, payments, events, log, mailer, publicUrl, i18n,
    seller: { name: brand, email: config.SUPPORT_EMAIL, url: publicUrl },
  };
  const confirmations = createOrderConfirmations(confirmationDeps);
  // ...and owed by a job written with the payment, which sends it if the process stopped first (decision 071).
  const confirmationJobs = createOrderConfirmationJobs({
    queue: jobQueue,
    log,
    singleProcess: database.kind === 'pglite',
    send: (userId, invoiceId) => sendOrderConfirmation(confirmationDeps, userId, invoiceId),
  });
  // A status notice's emails, owed by a job written with the notice (decision 074).
  const status = cachedStatus({ db, clock });
  const noticeSend = { db, clock, ids, mailer, brand, publicUrl, log };
  const statusNotices = createStatusNoticeJobs({
    queue: jobQueue,
    log,
    singleProcess: database.kind === 'pglite',
    send: async (notice) => {
      await sendIncidentNotices(noticeSend, notice);
      status.clear();
    },
  });
  const incidents: IncidentDeps = { ...noticeSend, notices: statusNotices, changed: () => status.clear() };
  const checkout: CheckoutDeps = {
    db,
    clock,
    ids,
    catalog,
    payments,
    panel: deps.panel ?? panel,
    events,
    provisioning: deps.provisioning ?? queues.provisioning,
    publicUrl,
    log,
    alerts,
    i18n,
    planChangePaid: (orderId) => planChangePaid(planChanges, orderId),
    orderPaid: async ({ userId, invoiceId }) => confirmations.queue(userId, invoiceId),
    confirmationOwed: { prepare: confirmationJobs.prepare, record: confirmationJobs.record },
    providerRefunded: async (provider, paymentId, refundedCents) => {
      await refunds.recordProviderRefund(provider, paymentId, refundedCents);
    },
  };

  const jobs = backgroundJobsFor(queues, {
    // The built-in mailbox delivers by storing: only a real transport needs the mail job.
    workers: [...(deps.mailer ? [mailJobs] : []), confirmationJobs, refundEmailJobs, statusNotices],
    expireOrders: () => expireStaleOrders(db, clock),
    maintenance: createServerMaintenance(serverManagement),
    renewals: () =>
      runRenewals({
        db,
        clock,
        ids,
        payments,
        panel,
        events,
        mailer,
        brand,
        publicUrl,
        log,
        applyPlanChanges: (server, cancelAt) => applyDueDowngrade(planChanges, server, cancelAt),
        vatIds,
        alerts,
      }),
    planChanges: {
      run: (changeId, options) => resizeForChange(planChanges, changeId, options),
      sweep: () => sweepPlanChanges(planChanges),
    },
    regionMoves: {
      run: (moveId, options) => runMove(regionMoves, moveId, options),
      sweep: () => sweepMoves(regionMoves),
    },
    softwareSwitches: {
      run: (switchId, options) => advanceSoftwareSwitch(softwareSwitches, switchId, options),
      open: () => openSwitchIds(db),
    },
    vatIdChecks: {
      run: (userId, options) => vatIds.retry(userId, options),
      stillChecking: () => vatIds.stillChecking(),
    },
    staffAlerts: {
      email: (alert) => emailStaff(staffAlerts, alert),
      webhook: (alert) => postAlertWebhook(staffAlerts, alert),
    },
    periodic: [
      {
        name: 'tickets-auto-resolve',
        cron: '17 * * * *',
        run: () => autoResolveStaleTickets({ db, clock, ids, events }),
        done: 'stale tickets resolved',
      },
      {
        name: 'commissions-payable',
        cron: '*/15 * * * *',
        run: () => promotePayableCommissions(db, clock, events),
        done: 'commissions became payable',
      },
      {
        // Finishes a price review a save could not (the process stopped), and retries unsent notices.
        name: 'catalog-price-notices',
        cron: '*/10 * * * *',
        run: async () => {
          const r = await announcePriceChanges({ db, clock, ids, mailer, events, brand, publicUrl, log });
          return r.increases + r.decreases + r.withdrawn;
        },
        done: 'price changes announced',
      },
      {
        // Books refunds a stopped process left between the provider's answer and our books.
        name: 'refunds-sweep',
        cron: '*/5 * * * *',
        run: () => refunds.sweepPending(),
        done: 'pending refunds finished',
      },
      {
        // The status page's own measurements: one count per component per minute (decision 052).
        name: 'status-checks',
        cron: '* * * * *',
        run: () => checkAndRecord({ database, db, clock, panel }),
        done: '',
      },
      {
        // Once per period, 7 days before a service renews (decision 061).
        name: 'renewal-reminders',
        cron: '23 * * * *',
        run: () => sendRenewalReminders({ db, clock, mailer, publicUrl, payments, events, log }),
        done: 'renewal reminders sent',
      },
      {
        name: 'card-expiry-notices',
        cron: '5 9 * * *',
        run: () => sendCardExpiryNotices({ db, clock, mailer, publicUrl, payments, events, log }),
        done: 'card expiry notices sent',
      },
      {
        // Sent mail holds single-use links and personal data: kept 90 days; failed mail stays for staff.
        name: 'outbox-prune',
        cron: '41 3 * * *',
        run: () => outbox.pruneSent(new Date(clock.now().getTime() - SENT_MAIL_KEPT_DAYS * 24 * 60 * 60 * 1000)),
        done: 'old sent emails pruned',
      },
      {
        // Ended windows are never read as live; deleting them only keeps the table small.
        name: 'rate-limits-cleanup',
        cron: '*/10 * * * *',
        run: () => rateLimiter.deleteExpired(),
        done: '',
      },
    ],
  });
  const workers = watchWorkers(jobs);

  return {
    config,
    database,
    db,
    clock,
    ids,
    log,
    production,
    mailer,
    outbox,
    builtInMailer: !deps.mailer,
    sessions,
    viewAs,
    rateLimiter,
    auth,
    authLimits,
    devices,
    affiliateIpSalt: shared.affiliateIpSalt,
    catalog,
    i18n,
    payments,
    events,
    panel,
    management,
    serverManagement,
    refunds,
    refundNotices,
    provisioning: queues.provisioning,
    vatIds,
    planChanges,
    regionMoves,
    softwareSwitches,
    checkout,
    alerts,
    staffAlerts,
    jobs,
    status,
    incidents,
    statusNotices,
    content: createContentCache({ db, production, now: () => clock.now().getTime() }),
    articlePages: createArticlePages({ db, clock, ids, production, now: () => clock.now().getTime() }),
    workers,
    async close() {
      await confirmations.settled();
      await jobs.stop();
      if (!deps.events) await events.close();
      powerWatcher.stop();
    },
  };
}
