import { z } from 'zod';
import { defineAction } from '../../gateway/registry';
import { getStaffWork } from './service';

const BY_AGE = '{under7Days, from7To30Days, over30Days, total}';

/** The staff dashboard's counts: one call answers the work waiting for the caller's role. */
export const staffWorkActions = [
  defineAction({
    service: 'staff',
    resource: 'dashboard',
    action: 'getWork',
    auth: 'staff',
    roles: ['intermediary', 'underwriter', 'admin', 'lender'],
    description: `The work waiting for the caller, within their organisation: an underwriter {role, openClaims:${BY_AGE} (their insurer's, by days since reported), reportedClaims}; an intermediary {role, waitingRequests:${BY_AGE} (their firm's, new or in review, not expired), awaitingRecommendations}; a lender {role, waitingApplications:${BY_AGE}}; an admin {role, openClaims, failingMail, failedJobs, pendingInvitations, pendingFirms, openReceipts}.`,
    input: z.object({}),
    handler: ({ db, principal }) => getStaffWork(db, principal!),
  }),
];
