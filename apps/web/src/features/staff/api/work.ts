import type { StaffWork } from '@bima/domain/staff-work';
import { queryOptions } from '@tanstack/react-query';
import { callStaffAction } from './call';

/** The work waiting for the signed-in staff member's role, in one call (staff/dashboard/getWork). */
export const staffWorkQueryOptions = () =>
  queryOptions({
    queryKey: ['staff', 'work'],
    queryFn: ({ signal }) =>
      callStaffAction<StaffWork>(
        { service: 'staff', resource: 'dashboard', action: 'getWork', data: {} },
        signal,
      ),
  });
