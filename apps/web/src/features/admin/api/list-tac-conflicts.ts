import { unwrap } from '@recell/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApi, type Api } from '../../../lib/api';

export const listTacConflicts = (api: Api) => unwrap(api.GET('/tac-conflicts'));

/** The disputed TACs: a confirmation at a handover or an admin's choice changes it. */
export const tacConflictsKey = ['tac-conflicts'] as const;

export const listTacConflictsQueryOptions = (api: Api) =>
  queryOptions({ queryKey: tacConflictsKey, queryFn: () => listTacConflicts(api) });

/** TACs whose buyer-witnessed confirmations name different models (admins), with the evidence. */
export const useTacConflicts = () => useQuery(listTacConflictsQueryOptions(useApi()));
