import {
  createHelpRequestSchema,
  helpRequestIdSchema,
  listHelpRequestsSchema,
  pageInputSchema,
  requestHelpCodeSchema,
} from '@bima/domain';
import { z } from 'zod';
import { defineAction } from '../../gateway/registry';
import { kenyaToday } from '../../lib/dates';
import { listClientHelpRequests } from './client-requests';
import {
  createHelpRequest,
  getHelpEntities,
  getInboxRequest,
  listInbox,
  requestHelpCode,
  startReview,
} from './service';

/** Help and Support (spec-2): the client's request to intermediaries, and the intermediaries' inbox. */
export const helpRequestActions = [
  defineAction({
    service: 'underwriting',
    resource: 'quotation',
    action: 'helpEntities',
    auth: 'public',
    description:
      'The help form’s data: the ACTIVE intermediaries and, for a signed-in client, the prefill from their KYC (else null).',
    input: z.object({}),
    handler: ({ db, principal }) => getHelpEntities(db, principal),
  }),
  defineAction({
    service: 'underwriting',
    resource: 'quotation',
    action: 'requestHelpCode',
    auth: 'public',
    rateLimit: 'write',
    description:
      'A signed-out visitor’s e-mail check, answering the verification reference; a 4-digit code is e-mailed (10 minutes, 5 tries, single use; the sign-up limits per IP and per address).',
    input: requestHelpCodeSchema,
    handler: (context) => requestHelpCode(context, context.input.email),
  }),
  defineAction({
    service: 'underwriting',
    resource: 'quotation',
    action: 'createHelpRequest',
    auth: 'public',
    rateLimit: 'write',
    description:
      "Sends a help request (spec-2 §3) to the chosen intermediaries; the vehicle value (riskDetails.value) is in cents (whole shillings). When not signed in as a client, with the verificationRef and code of requestHelpCode for the same e-mail. 400 names intermediaries that are unknown or not ACTIVE; 429 (Retry-After) past HELP_REQUESTS_PER_CLIENT_PER_DAY in 24 hours for the account or the form's e-mail. A firm is e-mailed about at most HELP_REQUEST_EMAILS_PER_FIRM_PER_HOUR requests an hour; the rest reach its inbox and in-app notifications.",
    input: createHelpRequestSchema({ today: () => kenyaToday() }),
    handler: (context) => createHelpRequest(context, context.principal, context.input),
  }),
  defineAction({
    service: 'client',
    resource: 'helpRequest',
    action: 'listHelpRequests',
    auth: 'client',
    description:
      "The client's own help requests (sent signed in, or before signing in from the account's e-mail), newest first, with each firm's status as read (EXPIRED, SUSPENDED included) and its recommendations.",
    input: pageInputSchema,
    // Read on the same day as the firm's inbox reads it (kenyaToday).
    handler: ({ db, principal, input }) => listClientHelpRequests(db, principal!.userId, input, kenyaToday()),
  }),
  defineAction({
    service: 'intermediary',
    resource: 'request',
    action: 'listRequests',
    auth: 'staff',
    roles: ['intermediary', 'admin'],
    description: `The inbox, newest first (an intermediary: its firm's requests; an admin: all), with newCount (PENDING). Status as read: an open request past its expiry reads EXPIRED, one of a suspended firm SUSPENDED.`,
    input: listHelpRequestsSchema,
    handler: ({ db, principal, input }) => listInbox(db, principal!, input),
  }),
  defineAction({
    service: 'intermediary',
    resource: 'request',
    action: 'getRequest',
    auth: 'staff',
    roles: ['intermediary', 'admin'],
    description:
      "One request in full: the client's details, the risk, the history and the firm's recommendation. Another firm's request answers 404.",
    input: helpRequestIdSchema,
    handler: ({ db, principal, input }) => getInboxRequest(db, principal!, input.id),
  }),
  defineAction({
    service: 'intermediary',
    resource: 'request',
    action: 'startReview',
    auth: 'staff',
    roles: ['intermediary', 'admin'],
    description:
      "PENDING → IN_REVIEW, answering the request in full (as getRequest). 409 'This request can no longer be reviewed.' from any other state (IN_REVIEW, QUOTED, ACCEPTED, REJECTED, EXPIRED, SUSPENDED); another firm's request answers 404.",
    input: helpRequestIdSchema,
    handler: ({ db, principal, input }) => startReview(db, principal!, input.id),
  }),
];
