// The bell in the mocks, with the server's rules: a person reads and marks only their own notifications, newest
// first; email preferences keep `deal` on; one-click unsubscribe turns the kind its token names off. The mocks
// cannot check the server's signature, so a token here only has to name a person the store knows.
import { applyPreferences, DEFAULT_EMAIL_PREFERENCES, type OptionalEmail } from '../../notifications';
import type { MockStore } from '../store';
import { fail, http, newestFirst, type OperationHandlers, paginate, requireUser } from '../support';
import { publishLive } from './messages';

export function notificationHandlers(store: MockStore) {
  const mine = (userId: string) => store.notifications.filter((item) => item.userId === userId);
  const unread = (userId: string) => mine(userId).filter((item) => !item.read).length;
  const preferencesOf = (userId: string) =>
    store.emailPreferences.get(userId) ?? { ...DEFAULT_EMAIL_PREFERENCES };
  /** The person and kind a token names; refused unless the store knows the person (no signature to check). */
  const tokenOf = (token: string | null): { userId: string; kind: OptionalEmail } => {
    const [userId = '', kind] = String(token ?? '').split('.');
    const known = store.users.some((user) => user._id === userId);
    return known && (kind === 'message' || kind === 'booking')
      ? { userId, kind }
      : fail(403, 'This unsubscribe link is not valid');
  };
  /** The bell's count changed: every open stream of the person hears it. */
  const counted = (userId: string) => {
    const count = unread(userId);
    publishLive(store, userId, { type: 'notification', unread: count });
    return { unread: count };
  };

  return {
    listNotifications: http.get('/notifications', ({ request, query, response }) => {
      const user = requireUser(store, request);
      const items = newestFirst(mine(user._id), 'createdAt').map(({ userId: _userId, ...item }) => item);
      return response(200).json(paginate(items, query));
    }),

    getNotificationCount: http.get('/notifications/unread', ({ request, response }) => {
      const user = requireUser(store, request);
      return response(200).json({ unread: unread(user._id) });
    }),

    markNotificationRead: http.post('/notifications/{id}/read', ({ request, params, response }) => {
      const user = requireUser(store, request);
      const item =
        store.notifications.find((candidate) => candidate._id === params.id) ?? fail(404, 'Not found');
      if (item.userId !== user._id) fail(404, 'Not found');
      item.read = true;
      return response(200).json(counted(user._id));
    }),

    markAllNotificationsRead: http.post('/notifications/read', ({ request, response }) => {
      const user = requireUser(store, request);
      for (const item of mine(user._id)) item.read = true;
      return response(200).json(counted(user._id));
    }),

    getNotificationPreferences: http.get('/notifications/preferences', ({ request, response }) => {
      const user = requireUser(store, request);
      return response(200).json(preferencesOf(user._id));
    }),

    updateNotificationPreferences: http.put('/notifications/preferences', async ({ request, response }) => {
      const user = requireUser(store, request);
      const changes = await request.json();
      const next =
        applyPreferences(preferencesOf(user._id), changes) ??
        fail(400, 'message and messageEmail disagree; send one of them');
      store.emailPreferences.set(user._id, next);
      return response(200).json(next);
    }),

    getUnsubscribeLink: http.get('/notifications/unsubscribe', ({ query, response }) => {
      const { userId, kind } = tokenOf(query.get('token'));
      return response(200).json({ kind, email: preferencesOf(userId)[kind] });
    }),

    unsubscribe: http.post('/notifications/unsubscribe', ({ query, response }) => {
      const { userId, kind } = tokenOf(query.get('token'));
      store.emailPreferences.set(userId, applyPreferences(preferencesOf(userId), { [kind]: false })!);
      return response(200).json({ kind, email: false as const });
    }),

    listCaughtMail: http.get('/mail', ({ request, query, response }) => {
      requireUser(store, request, ['admin']);
      const items = store.caughtMail.toReversed().map(({ _id, to, subject, receivedAt }) => ({
        _id,
        to,
        subject,
        receivedAt,
      }));
      return response(200).json(paginate(items, query));
    }),

    getCaughtMail: http.get('/mail/{id}', ({ request, params, response }) => {
      requireUser(store, request, ['admin']);
      const mail = store.caughtMail.find((one) => one._id === params.id) ?? fail(404, 'Not found');
      return response(200).json(mail);
    }),
  } satisfies OperationHandlers;
}
