import { unwrap } from '@recell/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApi, type Api } from '../../../lib/api';

export const getUnsubscribeLink = (api: Api, token: string) =>
  unwrap(api.GET('/notifications/unsubscribe', { params: { query: { token } } }));

export const getUnsubscribeLinkQueryOptions = (api: Api, token: string) =>
  queryOptions({
    queryKey: ['notifications', 'unsubscribe', token],
    queryFn: () => getUnsubscribeLink(api, token),
    // a link cut short has no token: the page says so without asking
    enabled: token !== '',
  });

/** Which kind of email an unsubscribe link turns off, and whether it is still on (reads only; no sign-in). */
export const useUnsubscribeLink = (token: string) =>
  useQuery(getUnsubscribeLinkQueryOptions(useApi(), token));
