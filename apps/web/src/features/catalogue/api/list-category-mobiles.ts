import { unwrap, type CategoryId } from '@recell/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApi, type Api } from '../../../lib/api';
import { apiQuery, type SearchState } from '../search-params';

export const listCategoryMobiles = (api: Api, id: CategoryId, state: SearchState, pageSize: number) =>
  unwrap(api.GET('/mobiles/{id}', { params: { path: { id }, query: apiQuery(state, pageSize) } }));

export const listCategoryMobilesQueryOptions = (
  api: Api,
  id: CategoryId,
  state: SearchState,
  pageSize: number,
) =>
  queryOptions({
    queryKey: ['mobiles', 'category', id, state, pageSize],
    queryFn: () => listCategoryMobiles(api, id, state, pageSize),
    // the page being left stays on screen (marked busy) until the next arrives, so the list does not jump;
    // never another brand's phones under this brand's heading
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2] === id ? previous : undefined),
  });

export const useCategoryMobiles = (id: CategoryId, state: SearchState, pageSize: number) =>
  useQuery(listCategoryMobilesQueryOptions(useApi(), id, state, pageSize));
