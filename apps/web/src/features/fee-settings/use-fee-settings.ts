import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { feeSettingsQueryKey, fetchFeeSettings, saveFeeCap } from './fee-settings-api';

/** The tenant's fee settings, read again each time the panel opens (another operator may change them). */
export function useFeeSettings() {
  return useQuery({
    queryKey: feeSettingsQueryKey,
    queryFn: ({ signal }) => fetchFeeSettings(signal),
    refetchOnMount: 'always',
  });
}

/** Sets or removes the cap; the answer is the new settings, so the panel shows them at once. */
export function useSaveFeeCap() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveFeeCap,
    onSuccess: (settings) => queryClient.setQueryData(feeSettingsQueryKey, settings),
  });
}
