import type { MockStore } from '../store';
import {
  fail,
  http,
  type OperationHandlers,
  newestFirst,
  now,
  paginate,
  removeListings,
  requireUser,
} from '../support';

export function reportHandlers(store: MockStore) {
  return {
    createReport: http.post('/report', async ({ request, response }) => {
      const user = requireUser(store, request);
      const { mobileId, Report } = await request.json();
      const mobile = store.mobiles.find((candidate) => candidate._id === mobileId) ?? fail(404, 'Not found');
      const open = store.reports.some(
        (report) =>
          report.mobileId === mobileId && report.reporterEmail === user.email && report.status === 'open',
      );
      if (open) fail(409, 'You have already reported this phone', 'duplicate');
      const _id = store.nextId('r');
      store.reports.push({
        _id,
        mobileId,
        MobileName: mobile.title,
        Report,
        reporterEmail: user.email,
        createdAt: now(),
        status: 'open',
      });
      return response(201).json({ acknowledged: true, insertedId: _id });
    }),

    listReports: http.get('/reports', ({ request, query, response }) => {
      requireUser(store, request);
      const status = query.get('status');
      const found = store.reports.filter((report) => !status || report.status === status);
      return response(200).json(paginate(newestFirst(found, 'createdAt'), query));
    }),

    resolveReport: http.post('/reports/{id}/resolve', async ({ request, params, response }) => {
      const admin = requireUser(store, request);
      const report = store.reports.find((candidate) => candidate._id === params.id) ?? fail(404, 'Not found');
      if (report.status !== 'open') fail(409, 'This report is already resolved');
      const { action } = await request.json();
      if (action === 'remove-listing') {
        removeListings(store, (mobile) => mobile._id === report.mobileId);
        // as the server: only the listing's open reports close as removed; dismissed ones stay dismissed
        for (const other of store.reports)
          if (other.mobileId === report.mobileId && other.status === 'open') other.status = 'removed';
      } else {
        report.status = 'dismissed';
      }
      store.audit.push({
        _id: store.nextId('a'),
        at: now(),
        actorEmail: admin.email,
        action: action === 'dismiss' ? 'report.dismiss' : 'report.remove-listing',
        target: report._id,
        targetName: report.MobileName,
      });
      return response(200).json(report);
    }),

    listAuditLog: http.get('/audit-log', ({ request, query, response }) => {
      requireUser(store, request);
      return response(200).json(paginate(newestFirst(store.audit, 'at'), query));
    }),
  } satisfies OperationHandlers;
}
