import { unwrap, type Role } from '@recell/api';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useApi, type Api } from '../../../lib/api';

/** One role, or everybody ('all' sends no role). */
export type RoleFilter = Role | 'all';

export const listUsers = (api: Api, role: RoleFilter = 'all', page = 1, words = '') =>
  unwrap(
    api.GET('/users', {
      params: { query: { ...(role === 'all' ? {} : { role }), ...(words ? { q: words } : {}), page } },
    }),
  );

/** Every role and page of All Users: what deleting or verifying a user invalidates. */
export const usersKey = ['users'] as const;

export const listUsersQueryOptions = (api: Api, role: RoleFilter = 'all', page = 1, words = '') =>
  queryOptions({
    queryKey: [...usersKey, { role, page, words }],
    queryFn: () => listUsers(api, role, page, words),
    placeholderData: keepPreviousData,
  });

export const useUsers = (role: RoleFilter = 'all', page = 1, words = '') =>
  useQuery(listUsersQueryOptions(useApi(), role, page, words));
