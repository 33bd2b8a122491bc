import { unwrap } from '@recell/api';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useApi, type Api } from '../../../lib/api';

export const listAuditLog = (api: Api, page = 1) =>
  unwrap(api.GET('/audit-log', { params: { query: { page } } }));

/** Every page of the audit log: each admin action adds to it. */
export const auditLogKey = ['audit-log'] as const;

export const listAuditLogQueryOptions = (api: Api, page = 1) =>
  queryOptions({
    queryKey: [...auditLogKey, { page }],
    queryFn: () => listAuditLog(api, page),
    placeholderData: keepPreviousData,
  });

export const useAuditLog = (page = 1) => useQuery(listAuditLogQueryOptions(useApi(), page));
