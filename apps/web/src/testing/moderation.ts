// A moderation queue for the admin screens' tests and stories: two reports on the Poco (two reporters, one with
// the report dialog's note), one on the S21 (which has an unpaid booking), and audit entries.
import type { components, Report } from '@recell/api';
import { demoAccounts, mobiles } from '@recell/api/fixtures';
import type { MockStore } from '@recell/api/mocks';

export const poco = mobiles.find((mobile) => mobile._id === 'm-xiaomi-poco-x5')!;
export const s21 = mobiles.find((mobile) => mobile._id === 'm-samsung-s21')!;

/** A report made `minutesAgo` before 2030-01-01 (the queue is newest first). */
export const reportOn = (
  mobile: { _id: string; title: string },
  id: string,
  minutesAgo: number,
  extra: Partial<Report> = {},
): Report => ({
  _id: id,
  mobileId: mobile._id,
  MobileName: mobile.title,
  Report: 'Fake listing',
  reporterEmail: demoAccounts.buyer.email,
  createdAt: new Date(Date.UTC(2030, 0, 1) - minutesAgo * 60_000).toISOString(),
  status: 'open',
  ...extra,
});

export function seedModerationQueue(store: MockStore): void {
  store.reports = [
    reportOn(poco, 'r-poco-1', 3, { Report: 'Fake listing: Same pictures as a shop listing' }),
    reportOn(s21, 'r-s21-1', 2, { Report: 'Wrong price', reporterEmail: 'other@recell.test' }),
    reportOn(poco, 'r-poco-2', 1, { Report: 'This is fake', reporterEmail: 'other@recell.test' }),
  ];
}

/** `count` audit entries, a minute apart, newest first, cycling through every action. */
export function seedAuditLog(store: MockStore, count: number): void {
  const actions: components['schemas']['AuditEntry']['action'][] = [
    'report.dismiss',
    'report.remove-listing',
    'user.verify',
    'user.unverify',
    'user.delete',
  ];
  store.audit = Array.from({ length: count }, (_, i) => {
    const action = actions[i % actions.length]!;
    return {
      _id: `a-extra-${i + 1}`,
      at: new Date(Date.UTC(2030, 0, 1) - i * 60_000).toISOString(),
      actorEmail: demoAccounts.admin.email,
      action,
      target: action.startsWith('report.') ? `r-extra-${i + 1}` : `u-extra-${i + 1}`,
      // what the server keeps beside the id: the reported listing's model, the user's name
      targetName: action.startsWith('report.') ? 'Samsung Galaxy S21' : `Seller ${i + 1}`,
    };
  });
}

/** The message report a moderator reads a thread through: the buyer reported the 13T seller's "pay by bank transfer". */
export const messageReport = reportOn(
  mobiles.find((mobile) => mobile._id === 'm-xiaomi-13t')!,
  'r-msg-1',
  1,
  {
    Report: 'Asked me to pay outside ReCell',
    messageId: 'msg-demo-6',
  },
);

/** What the seller wrote after it: markup and a link, which must read as text, and a picture, which is not shown. */
export const markupAfterReport = '<b>Last chance</b>: https://pay.example/now';

export function seedMessageReport(store: MockStore): void {
  store.reports = [messageReport];
  const reported = store.messages.find((message) => message._id === messageReport.messageId)!;
  store.messages.push({
    ...reported,
    _id: 'msg-after-report',
    seq: reported.seq + 1,
    text: markupAfterReport,
    pictures: ['/uploads/seed/m-xiaomi-13t.svg'],
    sentAt: '2026-11-21T11:30:00.000Z',
  });
}

/**
 * The review queue: the demo seller reported the buyer's review of them (with the dialog's note), and the buyer
 * reported the seller's review of them a minute later (the seeded completed deal's two reviews).
 */
export function seedReviewReports(store: MockStore): void {
  const at = (minutesAgo: number) => new Date(Date.UTC(2030, 0, 1) - minutesAgo * 60_000).toISOString();
  store.reviewReports = [
    {
      _id: 'rr-of-seller',
      reviewId: 'rv-demo-of-seller',
      reporterId: demoAccounts.seller._id,
      reason: 'Not what happened: <b>We met at 6</b>, not 7',
      createdAt: at(2),
    },
    {
      _id: 'rr-of-buyer',
      reviewId: 'rv-demo-of-buyer',
      reporterId: demoAccounts.buyer._id,
      reason: 'Personal details',
      createdAt: at(1),
    },
  ];
}
