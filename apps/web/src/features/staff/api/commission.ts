import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callStaffAction } from './call';

/** A class's commission rate and cap, in basis points (1000 = 10 %). */
export interface CommissionRate {
  classCode: string;
  className: string;
  rateBps: number;
  capBps: number;
  rate: string;
  cap: string;
  isSampleData: boolean;
  updatedAt: string;
}

export const commissionQueryOptions = () =>
  queryOptions({
    queryKey: ['staff', 'commission'],
    queryFn: ({ signal }) =>
      callStaffAction<{ items: CommissionRate[]; disclaimer: string }>(
        { service: 'admin', resource: 'commission', action: 'listRates' },
        signal,
      ),
  });

export function useSetCommissionRate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { classCode: string; rateBps: number }) =>
      callStaffAction<CommissionRate>({
        service: 'admin',
        resource: 'commission',
        action: 'setRate',
        data: input,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['staff', 'commission'] }),
  });
}
