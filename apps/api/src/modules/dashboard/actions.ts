import { z } from 'zod';
import { defineAction } from '../../gateway/registry';
import { getDashboardCounts } from './service';

/** The client dashboard's live counts (issue 28): one call for every entry that has one. */
export const dashboardActions = [
  defineAction({
    service: 'client',
    resource: 'dashboard',
    action: 'getCounts',
    auth: 'client',
    rateLimit: 'read',
    description:
      'The counts the client dashboard shows, the caller’s own records only, each by the rule of the screen its entry opens.',
    input: z.object({}),
    handler: ({ db, principal, services }) => getDashboardCounts(db, principal!, services.clock.today()),
  }),
];
