import { unwrap } from '@recell/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApi, type Api } from '../../../lib/api';

export const listCategories = (api: Api) => unwrap(api.GET('/categorymobiles'));

export const listCategoriesQueryOptions = (api: Api) =>
  queryOptions({ queryKey: ['categories'], queryFn: () => listCategories(api) });

export const useCategories = () => useQuery(listCategoriesQueryOptions(useApi()));
