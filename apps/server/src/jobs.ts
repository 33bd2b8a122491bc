// Scheduled work of a running server: at start, then every interval (timers unref'd, so they never hold the
// process open). Each job is idempotent, so a restart or an overlap with a request repeats nothing. The one job
// keeps money and deals in step: expired holds voided, decided deals captured or voided at the processor,
// authorizations with no record held or let go (payments.reconcile); both sides of a hold ending within 24 hours
// told (deal.warnExpiring); lone reviews whose window closed published (reviews.publishDue); beside it, the identity accounts of
// deleted users that a failure or a crash left are removed (users.finishIdentityDeletions), and the query planner's
// statistics gathered where stale (db.optimize); the IMEI re-checked after each handover and the claims' refunds
// not yet given retried (claims.recheckDue, claims.retryRefunds). State lives in the database, so a restart
// forgets no hold. With many server processes on one PostgreSQL database, a run happens in one of them at a
// time (db.exclusive: an advisory lock); the others skip that tick.
// The offers' job runs on its own, shorter tick (OFFER_RULES.voidWithinSeconds): offers past their 24 h expired,
// and every card authorization no offer needs any more let go, exactly once across processes (offers/service.ts).
import { OFFER_RULES } from '@recell/api';
import type { Logger } from 'pino';
import type { Services } from './app';
import type { Database } from './db/database';

const RECONCILE_EVERY_MS = 10 * 60 * 1000;
/**
 * Jobs holding their lock at once. On PostgreSQL each lock holds a connection of the pool (10) for as long as its
 * job runs, and the job's own work needs more from the same pool: with every job of a tick locked at once, none
 * had a connection left to work with, and the tick never ended.
 */
const JOBS_AT_ONCE = 4;

export function startJobs(services: Services, db: Database, logger: Logger, everyMs = RECONCILE_EVERY_MS) {
  let locked = 0;
  const waiting: (() => void)[] = [];
  /** Runs `work` when fewer than JOBS_AT_ONCE jobs run. */
  async function inTurn<T>(work: () => Promise<T>): Promise<T> {
    // a slot is handed straight to the next waiting job, so none starts past the limit meanwhile
    if (locked >= JOBS_AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
    else locked += 1;
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else locked -= 1;
    }
  }
  /** One job under its own lock; a failure is logged and retried on the next tick. */
  const job = <T>(name: string, work: () => Promise<T>, report: (result: T) => void, failed: string) =>
    inTurn(() => db.exclusive(`recell:${name}`, work))
      .then((result) => result !== undefined && report(result))
      .catch((error: unknown) => logger.error({ err: error }, failed));

  let running: Promise<void> | undefined;
  let firstRun = true;
  const reconcile = () => {
    // One run at a time: a slow processor must not stack runs up.
    running ??= Promise.all([
      job(
        'reconcile',
        () => services.payments.reconcile(),
        (result) => {
          if (result.checked > 0 || result.expired > 0 || result.finished > 0) {
            logger.warn(result, 'payments reconciled');
          }
        },
        'payment reconciliation failed; retried later',
      ),
      // Listings published "not checked" because the device-status provider did not answer (phone truth).
      job(
        'device-recheck',
        () => services.truth.recheckUnknown(),
        (result) => {
          if (result.checked > 0) logger.info(result, 'device status checked again');
        },
        'device status re-check failed; retried later',
      ),
      // Both sides of a held deal told its hold ends within 24 hours, once per deal (deals/service.ts).
      job(
        'hold-warnings',
        () => services.deal.warnExpiring(),
        (warned) => {
          if (warned > 0) logger.info({ warned }, 'holds ending soon: both sides told');
        },
        'hold-expiring warnings failed; retried later',
      ),
      // Lone reviews whose 14-day window closed on the deal clock: published, counted and told (reviews/service.ts).
      job(
        'review-publication',
        () => services.reviews.publishDue(),
        (published) => {
          if (published > 0) logger.info({ published }, 'reviews published by the window closing');
        },
        'review publication failed; retried later',
      ),
      // Both sides of a deal whose meetup is MEETUP_REMINDER_HOURS away told, once per booking (meetups/service.ts).
      job(
        'meetup-reminders',
        () => services.meetups.remindDue(),
        (reminded) => {
          if (reminded > 0) logger.info({ reminded }, 'meetups near: both sides reminded');
        },
        'meetup reminders failed; retried later',
      ),
      // The IMEI of each deal still in its claim window checked again at CLAIM_RULES.recheckAtHours; blocked opens
      // a claim by itself (claims/service.ts). Then earnings whose claim window closed become available to pay out
      // (payouts/service.ts): after the re-checks, so one due (after an outage) is asked before its money can leave.
      job(
        'claim-rechecks',
        () => services.claims.recheckDue(),
        (result) => {
          if (result.checked > 0) logger.info(result, 'device status re-checked after handovers');
        },
        'the re-checks after handovers failed; retried later',
      ).then(() =>
        job(
          'earnings-maturing',
          () => services.payouts.matureDue(),
          (matured) => {
            if (matured > 0) logger.info({ matured }, 'earnings available: their claim windows closed');
          },
          'maturing earnings failed; retried later',
        ),
      ),
      // Refunds an admin decided on a claim that the processor has not answered yet, with the claim id as the key.
      job(
        'claim-refunds',
        () => services.claims.retryRefunds(),
        (result) => {
          if (result.refunded > 0 || result.left > 0) logger.warn(result, 'claim refunds retried');
        },
        'claim refunds failed; retried later',
      ),
      // Payouts left pending (a crash, a provider that did not answer) asked again with their own key: every one at
      // start (none is in flight in a process just started), then those tried longer ago than retryAfterSeconds.
      job(
        'payout-retry',
        () => services.payouts.retryPending({ stale: !firstRun }),
        (retried) => {
          if (retried > 0) logger.warn({ retried }, 'pending payouts asked again');
        },
        'retrying pending payouts failed; retried later',
      ),
      // The payout run, every PAYOUT_RULES.runEveryHours: each verified seller's available balance paid out.
      job(
        'payout-run',
        () => services.payouts.runIfDue(),
        (result) => {
          if (result && (result.paid > 0 || result.failed > 0 || result.retried > 0))
            logger.info(result, 'payout run');
        },
        'the payout run failed; retried on the next tick',
      ),
      // The query planner's statistics, for the tables whose rows have grown or changed much since they were
      // gathered (db.optimize: nothing to do, mostly).
      job(
        'statistics',
        () => db.optimize(),
        (analysed) => {
          if (analysed.length > 0) logger.info({ analysed }, 'query planner statistics gathered');
        },
        'gathering the query planner statistics failed; retried later',
      ),
      // Deleted users whose identity account a failure or a crash left (users/service.ts deleteUser).
      job(
        'identity-deletions',
        () => services.users.finishIdentityDeletions(),
        (result) => {
          if (result.finished > 0 || result.left > 0) logger.warn(result, 'identity deletions finished');
        },
        'identity deletions failed; retried later',
      ),
    ])
      .then(() => undefined)
      .finally(() => {
        running = undefined;
        firstRun = false;
      });
    return running;
  };
  const timer = setInterval(() => void reconcile(), everyMs);
  timer.unref();

  let offering: Promise<void> | undefined;
  const offers = () => {
    offering ??= job(
      'offers',
      () => services.offers.tick(),
      (result) => {
        if (result.expired > 0 || result.released > 0) logger.info(result, 'offers expired, cards let go');
      },
      'the offers job failed; retried on the next tick',
    )
      .then(() => undefined)
      .finally(() => (offering = undefined));
    return offering;
  };
  const offerTimer = setInterval(
    () => void offers(),
    // half the promise: a card is let go within voidWithinSeconds even when a tick itself takes a while
    Math.min(everyMs, (OFFER_RULES.voidWithinSeconds * 1000) / 2),
  );
  offerTimer.unref();
  return {
    /** Resolves when the first run at start has finished. */
    started: Promise.all([reconcile(), offers()]).then(() => undefined),
    stop: () => {
      clearInterval(timer);
      clearInterval(offerTimer);
    },
  };
}
