import { webLinks } from '@recell/api';
import type { components, Report } from '@recell/api';
import type { Database } from '../../db/database';
import type { CurrentUser } from '../../auth/policy';
import { conflict, notFound } from '../../http/errors';
import { pageOf, type PageRequest } from '../../http/pagination';
import { newId, now } from '../../ids';
import type { CatalogueRepository } from '../catalogue/repository';
import { removeMobiles, type ListingsRemoved, type OffersEnded } from '../catalogue/removal';
import type { AuditRepository } from '../audit/repository';
import { toReport, type ReportRow, type ReportsRepository } from './repository';
import type { PhoneTruthRepository } from '../phone-truth/repository';
import type { Notice } from '../notifications/service';

/** A report that says the phone is stolen (the report form's own words are free text). */
const STOLEN = /\bstolen\b/i;
import type { DealsRepository } from '../deals/repository';
import type { DealService } from '../deals/service';

type ReportStatus = components['schemas']['ReportStatus'];
type ResolveAction = components['schemas']['ResolveReport']['action'];

export function reportsService(deps: {
  db: Database;
  reports: ReportsRepository;
  audit: AuditRepository;
  mobiles: CatalogueRepository;
  deals: DealsRepository;
  deal: DealService;
  listingsRemoved?: ListingsRemoved;
  /** The listing's open offers end with it, in the removal's transaction (the offers module; app.ts). */
  offersEnded?: OffersEnded;
  truth: PhoneTruthRepository;
  /** The notifications module's `notify`, in the decision's transaction (wired in app.ts). */
  notify?: (notice: Notice) => Promise<void>;
}) {
  const { db, reports, audit, mobiles, deals } = deps;

  /**
   * An upheld "stolen device" report adds the listing's IMEI to ReCell's registry (inside the resolution's
   * transaction, before the listing row goes), in the reporter's name and words; audited as the admin's block.
   */
  async function blockIfStolen(admin: CurrentUser, report: ReportRow) {
    if (!STOLEN.test(report.reason)) return;
    const imei = (await deps.truth.listing(report.mobile_id))?.imei;
    if (!imei) return;
    await deps.truth.mark({
      imei,
      status: 'blocked',
      reason: `Upheld report: ${report.reason}`.slice(0, 500),
      marked_by: report.reporter_email,
      marked_at: now(),
    });
    await audit.record(admin.email, 'imei.block', imei);
  }
  /**
   * Before the decision's changes, in its transaction: removing the listing tells its seller and every reporter
   * still waiting on it (their reports close with it); dismissing tells this report's reporter. Never the admin.
   */
  async function tellDecision(admin: CurrentUser, report: ReportRow, action: ResolveAction) {
    if (!deps.notify) return;
    const mobile = await mobiles.find(report.mobile_id);
    const listing = mobile
      ? { mobileId: mobile.id, title: mobile.title, picture: mobile.picture, priceCents: mobile.resale_cents }
      : { mobileId: report.mobile_id, title: report.mobile_name };
    const upheld = action === 'remove-listing';
    if (upheld && mobile) {
      await deps.notify({
        kind: 'listing_removed',
        to: [{ id: mobile.seller_id, side: 'seller', link: webLinks.myProducts() }],
        actor: admin.id,
        listing,
      });
    }
    const reporters = upheld
      ? (await reports.openReporters(report.mobile_id)).map((row) => row.reporter_email)
      : [report.reporter_email];
    await deps.notify({
      kind: 'report_resolved',
      // the listing when it stays up; their dashboard when it is gone (a link is a path below the root)
      to: reporters.map((email) => ({
        email,
        side: 'buyer' as const,
        link: upheld ? webLinks.dashboard() : webLinks.listing(report.mobile_id),
      })),
      actor: admin.id,
      listing,
      outcome: upheld ? 'upheld' : 'dismissed',
    });
  }

  return {
    async createReport(reporter: CurrentUser, mobileId: string, reason: string) {
      const mobile = (await deps.mobiles.find(mobileId)) ?? notFound();
      const id = newId('r');
      const added = await reports.insert({
        id,
        mobile_id: mobile.id,
        mobile_name: mobile.title,
        reason,
        reporter_email: reporter.email,
        created_at: now(),
        status: 'open',
      });
      if (!added) conflict('You have already reported this phone', 'duplicate');
      return { acknowledged: true as const, insertedId: id };
    },

    async listReports(status: ReportStatus | undefined, page: PageRequest) {
      const { rows: items, total } = await reports.list(status, page);
      return pageOf(items, total, page);
    },

    /** Dismisses the report, or removes the listing (closing every open report on it); audited. */
    async resolveReport(admin: CurrentUser, id: string, action: ResolveAction): Promise<Report> {
      const { resolved, holds } = await db.transaction(async () => {
        const report = (await reports.find(id)) ?? notFound();
        if (report.status !== 'open') conflict('This report is already resolved');
        let ended: string[] = [];
        await tellDecision(admin, report, action);
        if (action === 'remove-listing') {
          await blockIfStolen(admin, report);
          ended = (await removeMobiles({ mobiles, deals, offersEnded: deps.offersEnded }, [report.mobile_id]))
            .holds;
          await reports.removeAllFor(report.mobile_id);
        } else {
          await reports.setStatus(id, 'dismissed');
        }
        await audit.record(
          admin.email,
          action === 'dismiss' ? 'report.dismiss' : 'report.remove-listing',
          id,
          report.mobile_name,
        );
        return { resolved: toReport((await reports.find(id)) ?? notFound()), holds: ended };
      });
      // A buyer's card held for the removed phone is let go now, not at the next reconciliation.
      await deps.deal.voidEnded(holds);
      if (action === 'remove-listing') await deps.listingsRemoved?.([resolved.mobileId]);
      return resolved;
    },
  };
}

export type ReportsService = ReturnType<typeof reportsService>;
