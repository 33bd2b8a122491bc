// The Express app factory (no listen here; src/server.ts listens). Order: hygiene and compression -> static
// pictures -> the contract at /openapi.yaml -> rate limits -> the contract's operation and security
// (express-openapi-validator) -> raw-body and multipart routes -> JSON body -> the contract's input checks -> routes -> robots.txt and the sitemap -> the web app -> one error handler.
import { fileURLToPath } from 'node:url';
import compression from 'compression';
import cors from 'cors';
import express, { type Express, type Response } from 'express';
import { pinoHttp } from 'pino-http';
import { offerWords, webLinks } from '@recell/api';
import { contractPath } from '@recell/api/contract';
import type { AppContext } from './context';
import {
  requireUser,
  securityHandlers,
  sentCredentialsChecked,
  signInStrengthChecked,
} from './http/authenticate';
import { canonicalApiPaths } from './http/canonical-path';
import { contractValidation } from './http/contract';
import { cachedJson, COMPRESSION } from './http/cached-json';
import { errorHandler, HttpError } from './http/errors';
import { operationDispatch } from './http/operation';
import { redactedRequest } from './http/redact';
import { finiteNumbers } from './http/finite-numbers';
import { trimBody } from './http/trim-body';
import { limiter, securityHeaders, webApp } from './http/hygiene';
import { sharedRateLimits } from './http/rate-limit-store';
import { bookingsRepository } from './modules/bookings/repository';
import { bookingRoutes } from './modules/bookings/routes';
import { bookingsService } from './modules/bookings/service';
import { catalogueRepository } from './modules/catalogue/repository';
import { catalogueRoutes } from './modules/catalogue/routes';
import { catalogueService } from './modules/catalogue/service';
import { claimsRepository } from './modules/claims/repository';
import { claimRoutes } from './modules/claims/routes';
import { claimsService, type ClaimEarnings, type ClaimNotice } from './modules/claims/service';
import { payoutsRepository } from './modules/payouts/repository';
import { localPayoutProvider } from './modules/payouts/providers/local';
import { stripeConnectProvider } from './modules/payouts/providers/stripe-connect';
import { payoutRoutes } from './modules/payouts/routes';
import { payoutsService } from './modules/payouts/service';
import { pageRequest } from './http/pagination';
import { dealClock, type Clock } from './modules/deals/clock';
import { handoverCodes } from './modules/deals/handover-code';
import { dealsRepository } from './modules/deals/repository';
import { dealRoutes } from './modules/deals/routes';
import { dealService, type FileReport } from './modules/deals/service';
import {
  deviceStatus,
  providerDeviceStatus,
  registryDeviceStatus,
} from './modules/phone-truth/device-status';
import { phoneTruthRepository } from './modules/phone-truth/repository';
import { phoneTruthRoutes } from './modules/phone-truth/routes';
import { phoneTruthService } from './modules/phone-truth/service';
import { newId } from './ids';
import { liveBus } from './live/bus';
import { liveRoutes } from './live/routes';
import { liveStreams } from './live/stream';
import { meetupsRepository } from './modules/meetups/repository';
import { meetupRoutes } from './modules/meetups/routes';
import { meetupsService } from './modules/meetups/service';
import { pricesRepository } from './modules/prices/repository';
import { priceRoutes } from './modules/prices/routes';
import { pricesService } from './modules/prices/service';
import { messagesRepository } from './modules/messages/repository';
import { messageRoutes } from './modules/messages/routes';
import { messagesService } from './modules/messages/service';
import { caughtMail } from './modules/notifications/caught-mail';
import { messageDigests } from './modules/notifications/digest';
import { mailTransport } from './modules/notifications/mailer';
import { notificationsRepository } from './modules/notifications/repository';
import { notificationRoutes, unsubscribeForm } from './modules/notifications/routes';
import { demoSignInCodes } from './modules/second-factor/demo-codes';
import { secondFactorRoutes } from './modules/second-factor/routes';
import { sellerPhonesRepository } from './modules/seller-phones/repository';
import { sellerPhoneRoutes } from './modules/seller-phones/routes';
import { sellerPhonesService } from './modules/seller-phones/service';
import { notificationsService } from './modules/notifications/service';
import { unsubscribeTokens, unsubscribeUrls } from './modules/notifications/unsubscribe-token';
import { outboxWorker, type WorkerOptions } from './modules/notifications/worker';
import { offersRepository } from './modules/offers/repository';
import { offerRoutes } from './modules/offers/routes';
import { offersService, type OfferNotice } from './modules/offers/service';
import { paymentsRepository } from './modules/payments/repository';
import { paymentRoutes, webhookRoutes } from './modules/payments/routes';
import { paymentsService } from './modules/payments/service';
import { pictureRoutes, pictureUpload } from './modules/pictures/routes';
import { pictureStore, picturesService, UPLOADS_URL } from './modules/pictures/service';
import { LONG_CACHE } from './modules/pictures/store';
import { auditRepository } from './modules/audit/repository';
import { auditRoutes } from './modules/audit/routes';
import { reportsRepository } from './modules/reports/repository';
import { reportRoutes } from './modules/reports/routes';
import { reportsService } from './modules/reports/service';
import { publicOrigin } from './modules/seo/origin';
import { reviewsRepository } from './modules/reviews/repository';
import { reviewRoutes } from './modules/reviews/routes';
import { sellerRatings } from './modules/reviews/seller-ratings';
import { reviewsService } from './modules/reviews/service';
import { seoRoutes, seoShell } from './modules/seo/routes';
import { signedInAnswers } from './modules/seo/signed-in-answers';
import { systemRoutes } from './modules/system/routes';
import { usersRepository } from './modules/users/repository';
import { userRoutes } from './modules/users/routes';
import { usersService } from './modules/users/service';
import { wishlistRepository } from './modules/wishlist/repository';
import { wishlistRoutes } from './modules/wishlist/routes';
import { wishlistService } from './modules/wishlist/service';

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

const seedPictures = fileURLToPath(
  import.meta.resolve('@recell/api/fixtures').replace(/index\.ts$/, 'pictures'),
);

/** The services behind the routes; start-up also runs their scheduled work (src/jobs.ts). */
export function createServices(ctx: AppContext, clock: Clock = dealClock()) {
  const { config, db } = ctx;
  const users = usersRepository(db);
  const mobiles = catalogueRepository(db);
  const bookings = bookingsRepository(db);
  const deals = dealsRepository(db);
  const payments = paymentsRepository(db);
  const reports = reportsRepository(db);
  const wishlist = wishlistRepository(db);
  const audit = auditRepository(db);
  // The messages module sends its signals through `live.bus` after each write commits.
  const bus = liveBus(db, ctx.logger);
  const signals = ctx.signals ?? bus;
  // Notifications are written in the transaction of what they tell; the outbox worker delivers them after.
  const origin = publicOrigin(config);
  const tokens = unsubscribeTokens(config.jwtSecret);
  const unsubscribeLinks = unsubscribeUrls(origin, tokens);
  const notificationRows = notificationsRepository(db);
  const notifications = notificationsService({
    db,
    notifications: notificationRows,
    tokens,
    signals,
    origin,
    clock: () => clock.now(),
  });
  const digests = messageDigests({
    notifications: notificationRows,
    origin,
    unsubscribePage: (userId) => unsubscribeLinks(userId, 'message').page,
  });
  const transport = config.smtpUrl ? mailTransport(config.smtpUrl) : null;
  const makeOutboxWorker = (options: WorkerOptions = {}) =>
    outboxWorker(
      {
        notifications: notificationRows,
        transport,
        signals,
        logger: ctx.logger,
        from: config.mailFrom,
        domain: new URL(origin).hostname,
        unsubscribeUrl: (userId, kind) => unsubscribeLinks(userId, kind).oneClick,
        digests,
        clock: () => clock.now(),
      },
      options,
    );
  const outbox = makeOutboxWorker();
  const messages = messagesService({
    db,
    messages: messagesRepository(db),
    mobiles,
    deals,
    users,
    reports,
    audit,
    signals,
    notify: notifications.notify,
    logger: ctx.logger,
  });
  const fileReport: FileReport = (report) =>
    reports.insert({
      id: newId('r'),
      mobile_id: report.mobileId,
      mobile_name: report.mobileName,
      reason: report.reason,
      reporter_email: report.reporterEmail,
      created_at: report.at,
      status: 'open',
    });
  const phoneTruth = phoneTruthRepository(db);
  const truth = phoneTruthService({
    db,
    truth: phoneTruth,
    audit,
    device: deviceStatus(
      registryDeviceStatus(phoneTruth.lastMark, () => clock.now().toISOString()),
      config.deviceCheck && providerDeviceStatus(config.deviceCheck, () => clock.now().toISOString()),
    ),
    clock: () => clock.now(),
  });
  // The price guide: a completed deal's price is kept in the completing transaction.
  const prices = pricesService({ prices: pricesRepository(db), now: () => clock.now() });
  // The seller's money: an earning written in the completing transaction, paid out through the configured
  // provider (PAYOUT_PROVIDER: the local stand-in, or Stripe Connect), the seller told when it is paid.
  const payouts = payoutsService({
    db,
    payouts: payoutsRepository(db),
    provider:
      config.payoutProvider === 'stripe' && config.stripe
        ? stripeConnectProvider(config.stripe, {
            origin,
            returnPath: webLinks.payouts(),
            refreshPath: webLinks.payouts(),
          })
        : localPayoutProvider(db, () => clock.now()),
    clock,
    logger: ctx.logger,
    paid: (payout) =>
      notifications.notify({
        kind: 'payout_paid',
        to: [{ id: payout.seller_id, side: 'seller', link: webLinks.payouts() }],
        actor: null,
        amount: `$${(payout.amount_cents / 100).toFixed(2)}`,
        last4: payout.account_last4,
      }),
  });
  const deal = dealService({
    db,
    deals,
    processor: ctx.payments,
    fileReport,
    deviceBlocked: async (mobileId) => {
      const imei = await truth.imeiOf(mobileId);
      if (!imei) return false;
      const verdict = await truth.device(imei);
      await phoneTruth.recordDevice(imei, verdict);
      return verdict.status === 'blocked';
    },
    // A buyer-witnessed IMEI match: phone truth keeps it as a confirmation and learns only from separate pairs.
    // The handover has completed and the money moved by then: a failure here is logged, not the seller's answer.
    imeiWitnessed: (witness) =>
      truth
        .imeiWitnessed(witness)
        .catch((err: unknown) =>
          ctx.logger.error(
            { err, mobileId: witness.mobileId },
            'phone truth did not keep a buyer-witnessed IMEI match',
          ),
        ),
    clock,
    codes: handoverCodes(config.jwtSecret),
    holdWindowMs: config.holdWindowHours * 60 * 60 * 1000,
    demoMode: config.demoMode,
    logger: ctx.logger,
    // The deal's state shows at the top of its thread.
    moved: messages.dealMoved,
    notify: notifications.dealNotice,
    priceCaptured: prices.captured,
    earned: payouts.earned,
  });
  // Offers: paid as bookings are (the payments module's port), accepted into a held deal (the deals module).
  const offerNotice: OfferNotice = (kind, offer, to, actor) =>
    notifications.notify({
      kind,
      to: to.map((side) =>
        side === 'buyer'
          ? {
              email: offer.buyer_email,
              side,
              link: kind === 'offer_accepted' ? webLinks.dashboard() : webLinks.myOffers(),
            }
          : {
              id: offer.seller_id,
              side,
              link: kind === 'offer_accepted' ? webLinks.myBuyers() : webLinks.offersReceived(),
            },
      ),
      actor,
      listing: {
        mobileId: offer.mobile_id,
        title: offer.mobile_name,
        picture: offer.picture,
        priceCents: offer.asking_cents,
      },
      who: offer.buyer_name,
      amount: offerWords.dollars(offer.amount_cents / 100),
    });
  const offers = offersService({
    db,
    offers: offersRepository(db),
    deals,
    processor: ctx.payments,
    clock,
    holdWindowHours: config.holdWindowHours,
    logger: ctx.logger,
    insertBooking: bookings.insert,
    notify: offerNotice,
    signals,
    dealMoved: deal.moved,
  });
  // Claims: the buyer's (or the IMEI re-check's) claim holds the seller's earning (the payouts module) until an
  // admin refunds through the processor or releases it; both sides told.
  const pictures = picturesService(pictureStore(config, ctx.logger), { db, logger: ctx.logger });
  const claimNotice: ClaimNotice = (kind, claim, actor) =>
    notifications.notify({
      kind,
      to: [
        { email: claim.buyer_email, side: 'buyer', link: webLinks.claim(claim.id) },
        { id: claim.seller_id, side: 'seller', link: webLinks.claim(claim.id) },
      ],
      actor,
      listing: { mobileId: claim.mobile_id, title: claim.mobile_name },
      amount: offerWords.dollars(claim.amount_cents / 100),
      openedBy: claim.opened_by,
      // the buyer's words quoted in the email as text; the admin's reason with a decision
      ...(kind === 'claim_opened'
        ? claim.opened_by === 'buyer'
          ? { quote: claim.text }
          : {}
        : claim.decision_reason
          ? { quote: claim.decision_reason }
          : {}),
    });
  // The earning's moves are the payouts module's (conditional UPDATEs from EARNING_TRANSITIONS).
  const claimEarnings: ClaimEarnings = {
    earningOf: payouts.earningOf,
    hold: payouts.holdEarning,
    release: payouts.releaseEarning,
    refund: payouts.refundEarning,
  };
  const claims = claimsService({
    db,
    claims: claimsRepository(db),
    deals,
    audit,
    clock,
    logger: ctx.logger,
    processor: ctx.payments,
    earnings: claimEarnings,
    deviceStatus: (imei) => truth.device(imei),
    picturesOwned: pictures.ownedBy,
    sellerName: async (sellerId) => (await users.findById(sellerId))?.name,
    notify: claimNotice,
  });
  // The meetup's spot, suggestions, calendar and reminder; both sides told through the outbox.
  const meetups = meetupsService({
    db,
    spots: meetupsRepository(db),
    deals,
    audit,
    clock,
    domain: new URL(origin).hostname,
    notify: (meetup) =>
      notifications.notify({
        kind: 'meetup_reminder',
        to: [
          { email: meetup.buyer_email, side: 'buyer', link: webLinks.dashboard() },
          { id: meetup.seller_id, side: 'seller', link: webLinks.myBuyers() },
        ],
        actor: null,
        listing: {
          mobileId: meetup.mobile_id,
          title: meetup.mobile_name,
          picture: meetup.picture,
          priceCents: meetup.price_cents,
        },
        place: meetup.meetup_place,
      }),
  });
  const live = {
    bus,
    streams: liveStreams({
      bus,
      reader: messages.reader,
      db,
      logger: ctx.logger,
      bell: notifications.unread,
    }),
  };
  // Removing a listing closes its conversations: both parties' streams learn it.
  const listingsRemoved = messages.listingsRemoved;
  // Its own clock, not the deal's: tests age a sign-in past the step-up window without aging every hold.
  const signInClock = dealClock();
  const sellerPhones = sellerPhonesService({
    phones: sellerPhonesRepository(db),
    identity: ctx.identity,
    clock: signInClock,
  });
  return {
    clock,
    signInClock,
    sellerPhones,
    deal,
    offers,
    claims,
    payouts,
    live,
    audit,
    users: usersService({
      db,
      users,
      mobiles,
      bookings,
      deals,
      deal,
      wishlist,
      audit,
      ratings: sellerRatings(db),
      identity: ctx.identity,
      secret: config.jwtSecret,
      adminEmails: config.adminEmails,
      logger: ctx.logger,
      notify: notifications.notify,
      offersEnded: offers.listingRemoved,
      buyerLeaving: offers.buyerLeaving,
    }),
    catalogue: catalogueService({
      db,
      config,
      mobiles,
      deals,
      deal,
      truth,
      fileReport,
      listingsRemoved,
      offersEnded: offers.listingRemoved,
      phoneVerified: sellerPhones.requireVerified,
    }),
    truth,
    bookings: bookingsService({
      db,
      bookings,
      mobiles,
      deals,
      deal,
      notify: notifications.dealNotice,
      meetups,
      claims: claims.forBookings,
    }),
    meetups,
    prices,
    wishlist: wishlistService({ wishlist, mobiles }),
    reports: reportsService({
      db,
      reports,
      audit,
      mobiles,
      deals,
      deal,
      truth: phoneTruth,
      listingsRemoved,
      offersEnded: offers.listingRemoved,
      notify: notifications.notify,
    }),
    payments: paymentsService({
      db,
      deals,
      payments,
      provider: ctx.payments,
      deal,
      clock,
      logger: ctx.logger,
      notify: notifications.dealNotice,
      offers,
    }),
    pictures,
    messages,
    reviews: reviewsService({
      db,
      reviews: reviewsRepository(db),
      deals,
      audit,
      clock,
      notify: notifications.reviewNotice,
      ratings: sellerRatings(db),
    }),
    notifications,
    outbox,
    makeOutboxWorker,
  };
}

export type Services = ReturnType<typeof createServices>;

export function createApp(ctx: AppContext, services: Services = createServices(ctx)): Express {
  const { config, db } = ctx;
  const users = usersRepository(db);

  const app = express();
  app.disable('x-powered-by');
  // API answers are read through react-query, not revalidated: no point hashing every body for an ETag.
  app.set('etag', false);
  app.set('query parser', 'simple');
  app.set('trust proxy', config.trustProxy);
  // One log line per request at 'info'. Below that level nothing would be written, so the per-request child
  // logger is not built at all (it was a fifth of the CPU time of a cached catalogue page).
  if (ctx.logger.isLevelEnabled('info')) {
    app.use(
      pinoHttp({
        logger: ctx.logger,
        autoLogging: { ignore: (req) => req.url === '/api/health' },
        serializers: { req: redactedRequest },
        customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? 'error' : 'info'),
      }),
    );
  }
  app.use(securityHeaders(config));
  // JSON, the page shells and the sitemap, brotli or gzip as the client accepts (over 1 KB). The web app's
  // assets are compressed at build time, and kept catalogue pages keep their compressed copies (cached-json.ts):
  // this passes over anything already encoded. Never the live stream: a compressor holds bytes back until it
  // has enough, and each event must go out at once.
  app.use(
    compression({
      ...COMPRESSION,
      filter: (req, res) =>
        !String(res.getHeader('Content-Type') ?? '').startsWith('text/event-stream') &&
        compression.filter(req, res),
    }),
  );
  app.use(canonicalApiPaths());
  if (config.webOrigins.length > 0) {
    app.use('/api', cors({ origin: config.webOrigins, maxAge: 600 }));
  }

  // A listing's picture is public and is shown in emails: a mail client's page (and the demo mail page's
  // sandboxed frame) is another origin, which helmet's Cross-Origin-Resource-Policy: same-origin would refuse.
  app.use(UPLOADS_URL, (_req, res, next) => {
    res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
    next();
  });
  app.use(`${UPLOADS_URL}/seed`, express.static(seedPictures, LONG_CACHE));
  app.use(UPLOADS_URL, services.pictures.serve());
  app.get('/openapi.yaml', (_req, res) => res.type('application/yaml').sendFile(contractPath));

  const { rateLimits } = config;
  const shared = (name: string) => sharedRateLimits(ctx.db, name);
  app.use('/api/jwt', limiter(rateLimits.tokenExchange, rateLimits.windowMs, shared('jwt')));
  app.use('/api/usersall', limiter(rateLimits.signUp, rateLimits.windowMs, shared('signup')));
  const reportLimit = limiter(rateLimits.reports, rateLimits.windowMs, shared('report'));
  app.use('/api/report', reportLimit);
  // Per sender, so after the contract has said who is calling (messageRoutes runs them before its handlers).
  const sender = { key: (_req: unknown, res: Response) => requireUser(res).id };
  const messageLimits = {
    messages: limiter(rateLimits.messages, rateLimits.windowMs, shared('messages'), {
      ...sender,
      message: 'You are sending messages too fast; please wait a minute and send it again',
    }),
    newConversations: limiter(
      async (_req, res) => {
        const created = await users.createdAt(requireUser(res).id);
        const young = !created || Date.now() - Date.parse(created) < DAY_MS;
        return young ? rateLimits.newConversationsNewAccount : rateLimits.newConversations;
      },
      HOUR_MS,
      shared('conversations'),
      {
        ...sender,
        counts: (res) => res.statusCode === 201,
        message: 'You have started too many conversations in the last hour; please try again later',
      },
    ),
    reports: reportLimit,
  };

  // The contract finds the operation and decides who may call it before any body is read.
  const contract = contractValidation(
    config,
    securityHandlers({
      secret: config.jwtSecret,
      identity: ctx.identity,
      users,
      recentSignIn: { seconds: config.recentSignInSeconds, clock: services.signInClock },
    }),
  );
  // A GET's reads on PostgreSQL share one version of the database (postgres.ts), from who is calling to the page.
  const { readScope } = db;
  if (readScope) {
    app.use((req, res, next) => {
      if (req.method === 'GET' || req.method === 'HEAD') readScope(next, () => res.headersSent);
      else next();
    });
  }
  app.use(contract.route);
  app.use('/api', sentCredentialsChecked());
  app.use('/api', signInStrengthChecked());
  app.use('/api', webhookRoutes(services.payments));
  app.use(operationDispatch(unsubscribeForm(), pictureUpload(shared('upload'))));
  app.use('/api', express.json({ limit: '100kb', strict: true }));
  app.use('/api', trimBody());
  app.use('/api', finiteNumbers());
  app.use(contract.validate);

  app.use(
    operationDispatch(
      systemRoutes(db),
      catalogueRoutes(services.catalogue, cachedJson(db, config.env === 'production')),
      pictureRoutes(services.pictures),
      bookingRoutes(services.bookings),
      meetupRoutes(services.meetups),
      priceRoutes(services.prices, cachedJson(db, config.env === 'production'), () => services.clock.now()),
      dealRoutes(services.deal, () =>
        Promise.all([
          services.reviews.publishDue(),
          services.meetups.remindDue(),
          // offers past their 24 h expire and their cards are let go, as held deals expire
          services.offers.tick(),
          // the IMEI re-checks after a handover (CLAIM_RULES.recheckAtHours), and refunds not yet given
          // then the claim windows that closed: their earnings available (after the re-checks, so one that
          // finds the IMEI blocked holds the earning before the window's end makes it available)
          services.claims.recheckDue().then(() => services.payouts.matureDue()),
          services.claims.retryRefunds(),
        ]),
      ),
      wishlistRoutes(services.wishlist),
      reportRoutes(services.reports),
      auditRoutes(services.audit),
      phoneTruthRoutes(services.truth),
      userRoutes(services.users),
      paymentRoutes(services.payments),
      offerRoutes(services.offers),
      claimRoutes(services.claims),
      payoutRoutes(services.payouts),
      messageRoutes(services.messages, messageLimits),
      reviewRoutes(services.reviews, { reports: reportLimit }),
      notificationRoutes(services.notifications, caughtMail(config)),
      secondFactorRoutes(demoSignInCodes(config)),
      sellerPhoneRoutes(services.sellerPhones),
      liveRoutes(services.live.streams),
    ),
  );
  app.use('/api', () => {
    throw new HttpError(404, 'Not found');
  });

  // Absolute URLs (sitemap, canonical, previews) use the configured origin, never the request's Host.
  const origin = publicOrigin(config);
  if (config.env === 'production' && !config.publicUrl) {
    ctx.logger.warn({ origin }, 'PUBLIC_URL is not set: the sitemap and link previews name %s', origin);
  }
  app.use(seoRoutes({ db, origin }));
  // the profile as its page shows it; an id that names no seller is the page's 404
  const sellerProfile = (id: string) =>
    services.reviews.getSellerProfile(id).catch((error: unknown) => {
      if (error instanceof HttpError && error.status === 404) return undefined;
      throw error;
    });
  // the posts as GET /blogs answers them with no query: /blogs serves them in the page and draws them
  const blogs = () => services.catalogue.listBlogs(pageRequest({}));
  // a model's guide as GET /price-guide/{modelKey} answers it: /prices/{modelKey} serves it and is drawn from it
  const priceGuide = (modelKey: string) => services.prices.priceGuide(modelKey);
  // a signed-in list page's frame is drawn from the API's own answer to the person (seo/signed-in-answers.ts)
  const answers = signedInAnswers(config.jwtSecret, users);
  // demo mode: the page names the Auth emulator this server uses, so one build serves any emulator's port
  const authEmulator = config.authEmulatorHost ? `http://${config.authEmulatorHost}` : undefined;
  const web = webApp(
    config.webDist,
    seoShell({
      db,
      origin,
      sellerProfile,
      blogs,
      priceGuide,
      answers,
      ...(authEmulator ? { authEmulator } : {}),
    }),
  );
  if (web) app.use(web);
  app.use(() => {
    throw new HttpError(404, 'Not found');
  });
  app.use(errorHandler(ctx.logger));
  return app;
}
