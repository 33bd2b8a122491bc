import { unwrap } from '@recell/api';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useApi, type Api } from '../../../lib/api';

export const listMeetupSpots = (api: Api, page = 1) =>
  unwrap(api.GET('/meetup-spots', { params: { query: { page } } }));

/** Every page of the admins' meetup spots: adding, changing or removing one changes them. */
export const meetupSpotsKey = ['meetup-spots'] as const;

export const listMeetupSpotsQueryOptions = (api: Api, page = 1) =>
  queryOptions({
    queryKey: [...meetupSpotsKey, { page }],
    queryFn: () => listMeetupSpots(api, page),
    placeholderData: keepPreviousData,
  });

export const useMeetupSpots = (page = 1) => useQuery(listMeetupSpotsQueryOptions(useApi(), page));
