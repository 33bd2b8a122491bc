import { unwrap, type CategoryId } from '@recell/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApi, type Api } from '../../../lib/api';

export const listCategoryMobiles = (api: Api, id: CategoryId) =>
  unwrap(api.GET('/mobiles/{id}', { params: { path: { id } } }));

export const listCategoryMobilesQueryOptions = (api: Api, id: CategoryId) =>
  queryOptions({ queryKey: ['mobiles', 'category', id], queryFn: () => listCategoryMobiles(api, id) });

export const useCategoryMobiles = (id: CategoryId) => useQuery(listCategoryMobilesQueryOptions(useApi(), id));
