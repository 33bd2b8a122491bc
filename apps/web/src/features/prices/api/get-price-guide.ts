import { unwrap } from '@recell/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApi, type Api } from '../../../lib/api';

/** What one model really sold for (GET /price-guide/{modelKey}, public): captured prices of completed deals. */
export const getPriceGuide = (api: Api, modelKey: string) =>
  unwrap(api.GET('/price-guide/{modelKey}', { params: { path: { modelKey } } }));

export type PriceGuide = Awaited<ReturnType<typeof getPriceGuide>>;

export const priceGuideQueryKey = (modelKey: string) => ['price-guide', modelKey] as const;

// A guide moves only when a deal completes somewhere: a few minutes old is as good as new, and the seller who
// picks storage and condition back and forth asks once.
export const getPriceGuideQueryOptions = (api: Api, modelKey: string) =>
  queryOptions({
    queryKey: priceGuideQueryKey(modelKey),
    queryFn: () => getPriceGuide(api, modelKey),
    staleTime: 5 * 60_000,
  });

/** The model's guide; asks nothing while there is no model key (a listing that names no catalogue model). */
export const usePriceGuide = (modelKey: string | undefined) =>
  useQuery({ ...getPriceGuideQueryOptions(useApi(), modelKey ?? ''), enabled: Boolean(modelKey) });
