import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StaffRole } from '../../../stores/auth';
import { callStaffAction } from './call';

/** A staff user as `staff / account / getProfile` and `admin / staff / listStaff` present them. */
export interface StaffUser {
  id: string;
  email: string;
  names: { firstName: string; lastName: string };
  role: StaffRole;
  status: 'INVITED' | 'ACTIVE' | 'DISABLED' | 'PENDING';
  intermediary: { id: number; intermediaryNames: string; status: string } | null;
  underwriter: { id: string; name: string } | null;
  /** A lender user's lender (premium financing). */
  lender?: { id: number; name: string } | null;
  createdAt: string;
  disabledAt: string | null;
}

export const profileQueryOptions = () =>
  queryOptions({
    queryKey: ['staff', 'profile'],
    queryFn: ({ signal }) =>
      callStaffAction<StaffUser>({ service: 'staff', resource: 'account', action: 'getProfile' }, signal),
    staleTime: 5 * 60_000,
  });

/** The signed-in staff member with their firm or insurer. */
export function useProfile() {
  return useQuery(profileQueryOptions());
}
