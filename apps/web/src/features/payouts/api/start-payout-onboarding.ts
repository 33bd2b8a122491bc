import { unwrap } from '@recell/api';
import { useMutation } from '@tanstack/react-query';
import { useApi, type Api } from '../../../lib/api';

export const startPayoutOnboarding = (api: Api) => unwrap(api.POST('/payout-account/onboarding'));

export function useStartPayoutOnboarding() {
  const api = useApi();
  return useMutation({ mutationFn: () => startPayoutOnboarding(api) });
}
