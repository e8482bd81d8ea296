import { reportClaimSchema } from '@bima/domain';
import { contracts } from '@bima/domain/contract';
import { defineAction } from '../../gateway/registry';
import { kenyaToday } from '../../lib/dates';
import {
  appointAssessor,
  approveClaim,
  closeClaim,
  declineClaim,
  getClaim,
  listAssessors,
  listClaims,
  recordAssessment,
  reportClaim,
  requestDocuments,
  resolvePayout,
  settleClaim,
} from './service';

const STEP_ROLES = ['underwriter', 'admin'] as const;
const STATE_409 =
  "409 'This claim cannot take that step in its current status.' from any other status; another insurer's claim answers 404. Answers the claim in full (as getClaim).";

/** Claims: the client's report and view, and the claims desk of the policy's underwriter. */
export const claimActions = [
  defineAction({
    service: 'client',
    resource: 'claim',
    action: 'reportClaim',
    auth: 'client',
    description:
      "Reports a claim on the client's active policy: the incident date within the cover and not in the future, a description of at least 20 characters, the OB number with a police abstract (accidents with another party, theft, fire, third-party) and the other party for third-party types. Answers the claim's reference, REPORTED.",
    input: reportClaimSchema({ today: () => kenyaToday() }),
    handler: ({ db, services, log, principal, input }) =>
      reportClaim({ db, services, log }, principal!, input),
  }),
  defineAction({
    service: 'client',
    resource: 'claim',
    action: 'listClaims',
    auth: 'client',
    description: "The client's claims, newest first, a page at a time.",
    input: contracts['client/claim/listClaims'].input,
    handler: ({ db, principal, input }) => listClaims(db, principal!, input),
  }),
  defineAction({
    service: 'client',
    resource: 'claim',
    action: 'getClaim',
    auth: 'client',
    description: "One of the client's claims in full (amounts in cents). Another client's claim answers 404.",
    input: contracts['claims/desk/getClaim'].input,
    handler: ({ db, services, principal, input }) => getClaim(db, services, principal!, input.id),
  }),
  defineAction({
    service: 'claims',
    resource: 'desk',
    action: 'listClaims',
    auth: 'staff',
    roles: ['underwriter', 'admin', 'intermediary'],
    description: `The claims desk queue, newest first (an underwriter: its insurer's; an intermediary: its clients', read-only; an admin: all): filtered by status, type, search (claim ref, policy number or e-mail), open (true: only REPORTED, DOCUMENTS_PENDING, UNDER_ASSESSMENT and APPROVED, oldest first).`,
    input: contracts['claims/desk/listClaims'].input,
    handler: ({ db, principal, input }) => listClaims(db, principal!, input),
  }),
  defineAction({
    service: 'claims',
    resource: 'desk',
    action: 'getClaim',
    auth: 'staff',
    roles: ['underwriter', 'admin', 'intermediary'],
    description:
      "One claim in full (amounts in cents; an intermediary gets no files and no actions). Outside the caller's scope: 404.",
    input: contracts['claims/desk/getClaim'].input,
    handler: ({ db, services, principal, input }) => getClaim(db, services, principal!, input.id),
  }),
  defineAction({
    service: 'claims',
    resource: 'desk',
    action: 'listAssessors',
    auth: 'staff',
    roles: STEP_ROLES,
    description: "The claim's insurer's active staff who can be appointed assessor.",
    input: contracts['claims/desk/getClaim'].input,
    handler: ({ db, principal, input }) => listAssessors(db, principal!, input.id),
  }),
  defineAction({
    service: 'claims',
    resource: 'desk',
    action: 'requestDocuments',
    auth: 'staff',
    roles: STEP_ROLES,
    description: `Asks the client for documents → DOCUMENTS_PENDING (from REPORTED, DOCUMENTS_PENDING, UNDER_ASSESSMENT); the client is notified. ${STATE_409}`,
    input: contracts['claims/desk/requestDocuments'].input,
    handler: async ({ db, services, log, principal, input }) => {
      await requestDocuments({ db, services, log }, principal!, input);
      return getClaim(db, services, principal!, input.id);
    },
  }),
  defineAction({
    service: 'claims',
    resource: 'desk',
    action: 'appointAssessor',
    auth: 'staff',
    roles: STEP_ROLES,
    description: `Appoints an assessor (an active staff user of the claim's insurer) → UNDER_ASSESSMENT. ${STATE_409}`,
    input: contracts['claims/desk/appointAssessor'].input,
    handler: async ({ db, services, log, principal, input }) => {
      await appointAssessor({ db, services, log }, principal!, input);
      return getClaim(db, services, principal!, input.id);
    },
  }),
  defineAction({
    service: 'claims',
    resource: 'desk',
    action: 'recordAssessment',
    auth: 'staff',
    roles: STEP_ROLES,
    description: `Records the assessor's report and the assessed loss (cents of whole shillings); UNDER_ASSESSMENT with an assessor only. ${STATE_409}`,
    input: contracts['claims/desk/recordAssessment'].input,
    handler: async ({ db, services, log, principal, input }) => {
      await recordAssessment({ db, services, log }, principal!, input);
      return getClaim(db, services, principal!, input.id);
    },
  }),
  defineAction({
    service: 'claims',
    resource: 'desk',
    action: 'approveClaim',
    auth: 'staff',
    roles: STEP_ROLES,
    description: `Approves the agreed loss less the policy's excess: amount (cents of whole shillings, before the excess) → APPROVED, approvedAmount = amount − excess in whole shillings. 400 above the sum insured or not above the excess; 409 before an assessment or from another status; 409 CLAIM_DOCUMENTS_MISSING naming the documents the insurer requested that are still missing unless each is in waivedDocuments (the waiver goes on the timeline and in the audit log). Audited. ${STATE_409}`,
    input: contracts['claims/desk/approveClaim'].input,
    handler: async ({ db, services, log, principal, input }) => {
      await approveClaim({ db, services, log }, principal!, input);
      return getClaim(db, services, principal!, input.id);
    },
  }),
  defineAction({
    service: 'claims',
    resource: 'desk',
    action: 'declineClaim',
    auth: 'staff',
    roles: STEP_ROLES,
    description: `Declines with a reason → DECLINED. Audited. ${STATE_409}`,
    input: contracts['claims/desk/declineClaim'].input,
    handler: async ({ db, services, log, principal, input }) => {
      await declineClaim({ db, services, log }, principal!, input);
      return getClaim(db, services, principal!, input.id);
    },
  }),
  defineAction({
    service: 'claims',
    resource: 'desk',
    action: 'settleClaim',
    auth: 'staff',
    roles: STEP_ROLES,
    description: `Pays an APPROVED claim its approvedAmount: to a garage (its name and reference) → SETTLED at once; or by M-Pesa to a phone → a Daraja B2C payment request, SETTLED when its result (or, when the result never comes, Daraja's Transaction Status) says paid; a failure or queue time-out leaves it APPROVED to try again. 409 while a payout is pending or unresolved (it may still have paid), or above M-Pesa's per-transaction limit. The phone as Kenyans type it (0712 345 678, +254…, 712345678). Audited. ${STATE_409}`,
    input: contracts['claims/desk/settleClaim'].input,
    handler: async ({ db, services, log, principal, input }) => {
      await settleClaim({ db, services, log }, principal!, input);
      return getClaim(db, services, principal!, input.id);
    },
  }),
  defineAction({
    service: 'claims',
    resource: 'desk',
    action: 'resolvePayout',
    auth: 'staff',
    roles: STEP_ROLES,
    description:
      "Records what the M-Pesa statement shows for the claim's unresolved payout (one M-Pesa never confirmed by the deadline): paid, with the receipt (10 characters) → the payout paid and the claim SETTLED; or not paid, with a note (≥ 10 characters: how it was checked) → the payout failed, the claim APPROVED to pay again. Audited. 409 when the claim has no unresolved payout; another insurer's claim answers 404. Answers the claim in full.",
    input: contracts['claims/desk/resolvePayout'].input,
    handler: async ({ db, services, log, principal, input }) => {
      await resolvePayout({ db, services, log }, principal!, input);
      return getClaim(db, services, principal!, input.id);
    },
  }),
  defineAction({
    service: 'claims',
    resource: 'desk',
    action: 'closeClaim',
    auth: 'staff',
    roles: STEP_ROLES,
    description: `Closes a SETTLED or DECLINED claim → CLOSED. ${STATE_409}`,
    input: contracts['claims/desk/getClaim'].input,
    handler: async ({ db, services, log, principal, input }) => {
      await closeClaim({ db, services, log }, principal!, input);
      return getClaim(db, services, principal!, input.id);
    },
  }),
];
