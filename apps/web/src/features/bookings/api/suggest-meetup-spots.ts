import { unwrap, type AreaId } from '@recell/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApi, type Api } from '../../../lib/api';

export const suggestMeetupSpots = (api: Api, mobileId: string, area: AreaId) =>
  unwrap(api.GET('/meetup-suggestions', { params: { query: { mobileId, area } } }));

export const suggestMeetupSpotsQueryOptions = (api: Api, mobileId: string, area: AreaId | null) =>
  queryOptions({
    queryKey: ['meetup-suggestions', mobileId, area] as const,
    queryFn: () => suggestMeetupSpots(api, mobileId, area as AreaId),
    enabled: area !== null,
  });

/** The three spots between the listing's area and the buyer's, once the buyer has chosen theirs. */
export const useMeetupSuggestions = (mobileId: string, area: AreaId | null) =>
  useQuery(suggestMeetupSpotsQueryOptions(useApi(), mobileId, area));
