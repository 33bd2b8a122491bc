import { unwrap } from '@recell/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi, type Api } from '../../../lib/api';
import { invalidateDeal } from './invalidate-deal';

export const advanceDemoClock = (api: Api, hours: number) =>
  unwrap(api.POST('/demo/clock', { body: { hours } }));

/** Demo and QA only (admins): the deal clock moves forward and holds past their window expire. */
export function useAdvanceDemoClock() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (hours: number) => advanceDemoClock(api, hours),
    onSuccess: () =>
      Promise.all([invalidateDeal(queryClient), queryClient.invalidateQueries({ queryKey: ['earnings'] })]),
  });
}
