import type { ActionOutput } from '@bima/domain/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callStaff } from './call';

/** A class's commission rate and cap, in basis points (1000 = 10 %). */
export type CommissionRate = ActionOutput<'admin/commission/setRate'>;

export const commissionQueryOptions = () =>
  queryOptions({
    queryKey: ['staff', 'commission'],
    queryFn: ({ signal }) => callStaff('admin/commission/listRates', {}, signal),
  });

export function useSetCommissionRate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { classCode: string; rateBps: number }) =>
      callStaff('admin/commission/setRate', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['staff', 'commission'] }),
  });
}
