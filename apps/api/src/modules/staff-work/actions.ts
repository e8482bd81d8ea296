import { z } from 'zod';
import { defineAction } from '../../gateway/registry';
import { getStaffWork } from './service';

/** The staff dashboard's counts: one call answers the work waiting for the caller's role. */
export const staffWorkActions = [
  defineAction({
    service: 'staff',
    resource: 'dashboard',
    action: 'getWork',
    auth: 'staff',
    roles: ['intermediary', 'underwriter', 'admin', 'lender'],
    description:
      "The work waiting for the caller, within their organisation, by role: an underwriter's insurer's open claims, an intermediary's firm's unanswered requests, a lender's waiting applications (each by age: under 7 days, 7–30, over 30), an admin's counts.",
    input: z.object({}),
    handler: ({ db, principal }) => getStaffWork(db, principal!),
  }),
];
