import { unwrap, type Role } from '@recell/api';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useApi, type Api } from '../../../lib/api';

/** One role, or everybody ('all' sends no role). */
export type RoleFilter = Role | 'all';

export const listUsers = (api: Api, role: RoleFilter = 'all', page = 1) =>
  unwrap(api.GET('/users', { params: { query: { ...(role === 'all' ? {} : { role }), page } } }));

/** Every role and page of All Users: what deleting or verifying a user invalidates. */
export const usersKey = ['users'] as const;

export const listUsersQueryOptions = (api: Api, role: RoleFilter = 'all', page = 1) =>
  queryOptions({
    queryKey: [...usersKey, { role, page }],
    queryFn: () => listUsers(api, role, page),
    placeholderData: keepPreviousData,
  });

export const useUsers = (role: RoleFilter = 'all', page = 1) =>
  useQuery(listUsersQueryOptions(useApi(), role, page));
