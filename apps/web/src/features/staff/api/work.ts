import { queryOptions } from '@tanstack/react-query';
import { callStaff } from './call';

/** The work waiting for the signed-in staff member's role, in one call (staff/dashboard/getWork). */
export const staffWorkQueryOptions = () =>
  queryOptions({
    queryKey: ['staff', 'work'],
    queryFn: ({ signal }) => callStaff('staff/dashboard/getWork', {}, signal),
  });
