import { unwrap } from '@recell/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApi, type Api } from '../../../lib/api';
import { usersKey } from './list-users';

export const getAdminStatus = (api: Api, email: string) =>
  unwrap(api.GET('/users/admin/{email}', { params: { path: { email } } }));

export const getSellerStatus = (api: Api, email: string) =>
  unwrap(api.GET('/users/seller/{email}', { params: { path: { email } } }));

// under usersKey: deleting a user or changing a role refreshes what a lookup showed
const getAdminStatusQueryOptions = (api: Api, email: string) =>
  queryOptions({ queryKey: [...usersKey, 'admin', email], queryFn: () => getAdminStatus(api, email) });

const getSellerStatusQueryOptions = (api: Api, email: string) =>
  queryOptions({ queryKey: [...usersKey, 'seller', email], queryFn: () => getSellerStatus(api, email) });

/** Whether `email` is an admin's; nothing is asked while there is no email. */
export const useAdminStatus = (email: string | null) =>
  useQuery({ ...getAdminStatusQueryOptions(useApi(), email ?? ''), enabled: email !== null });

/** Whether `email` is a seller's; nothing is asked while there is no email. */
export const useSellerStatus = (email: string | null) =>
  useQuery({ ...getSellerStatusQueryOptions(useApi(), email ?? ''), enabled: email !== null });
