import { unwrap } from '@recell/api';
import { SERVED_LISTING_ELEMENT } from '@recell/api/pages';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApi, type Api } from '../../../lib/api';
import { takeServed } from '../../../lib/served';

export const getMobile = (api: Api, id: string) =>
  unwrap(api.GET('/mobile/{id}', { params: { path: { id } } }));

// under 'mobiles', so whatever refreshes the phone lists (a booking, a payment) refreshes the detail page too
export const mobileQueryKey = (id: string) => ['mobiles', 'one', id] as const;

export const getMobileQueryOptions = (api: Api, id: string) =>
  queryOptions({
    queryKey: mobileQueryKey(id),
    queryFn: () => getMobile(api, id),
    // the listing as the server gave it to a visitor in the page (the first render draws it at once, as the
    // server's frame did), asked for again at once: a party to a deal sees the seller's number in their own
    initialData: () => takeServed<Awaited<ReturnType<typeof getMobile>>>(SERVED_LISTING_ELEMENT, id),
    initialDataUpdatedAt: 0,
  });

export const useMobile = (id: string) => useQuery(getMobileQueryOptions(useApi(), id));
