import type { ActionOutput } from '@bima/domain/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callStaff } from './call';

/** A staff user as `staff / account / getProfile` and `admin / staff / listStaff` present them. */
export type StaffUser = ActionOutput<'staff/account/getProfile'>;

export const profileQueryOptions = () =>
  queryOptions({
    queryKey: ['staff', 'profile'],
    queryFn: ({ signal }) => callStaff('staff/account/getProfile', {}, signal),
    staleTime: 5 * 60_000,
  });

/** The signed-in staff member with their firm or insurer. */
export function useProfile() {
  return useQuery(profileQueryOptions());
}
