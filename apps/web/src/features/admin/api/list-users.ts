import { unwrap } from '@recell/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApi, type Api } from '../../../lib/api';

export const listUsers = (api: Api) => unwrap(api.GET('/users', { params: { query: { pageSize: 100 } } }));

export const listUsersQueryOptions = (api: Api) =>
  queryOptions({ queryKey: ['users'], queryFn: () => listUsers(api) });

export const useUsers = () => useQuery(listUsersQueryOptions(useApi()));
