import {
  appointAssessorSchema,
  approveClaimSchema,
  claimIdSchema,
  declineClaimSchema,
  listClaimsSchema,
  pageInputSchema,
  recordAssessmentSchema,
  reportClaimSchema,
  requestClaimDocumentsSchema,
  resolvePayoutSchema,
  settleClaimSchema,
} from '@bima/domain';
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

const CLAIM_ITEM =
  '{id, claimRef, type, status, incidentDate, place, createdAt, updatedAt, policyNumber, underwriter, client:{name, email}|null}';
const CLAIM_DETAILS =
  '{id, claimRef, type, status, incidentDate, place, description, obNumber, otherParty, policy:{policyNumber, startDate, endDate, productName, underwriter, vehicle, intermediary}, excess (KES), sumInsured (KES), assessor, assessedLoss, agreedLoss, approvedAmount (KES, less the excess), declineReason, documents:{required, requested, missing, toWaive (requested and still missing), labels}, files:[{id, name, contentType, size, category, createdAt, url (signed, 10 minutes)}], canUpload, claimFormUrl (the prefilled claim form PDF, signed, 10 minutes; ?lang=sw|en), payoutPhone (desk, APPROVED: the claimant’s M-Pesa number 07…), timeline:[{event, status, note, at, by:{name, role, organisation}|null}], settlements:[{method, amount (KES), status (pending|success|failed|timeout|unresolved), statusLabel, phone, garageName, reference (M-Pesa receipt or garage ref.), resultDesc, createdAt, settledAt, checks, lastCheckedAt}], actions:{requestDocuments, appointAssessor, recordAssessment, approve, decline, settle, resolvePayout, close}}';
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
      "Reports a claim on the client's active policy: {policyNumber, type (accident|theft|windscreen|fire|third_party_injury|third_party_property), incidentDate 'YYYY-MM-DD' (within the cover, not in the future), place, description (≥ 20 characters), obNumber (required with a police abstract: accidents with another party, theft, fire, third-party), otherParty:{name, phone, vehicleRegistration, insurer}|null (required for third-party types)} → {id, claimRef, status:'REPORTED'}.",
    input: reportClaimSchema({ today: () => kenyaToday() }),
    handler: ({ db, services, log, principal, input }) =>
      reportClaim({ db, services, log }, principal!, input),
  }),
  defineAction({
    service: 'client',
    resource: 'claim',
    action: 'listClaims',
    auth: 'client',
    description: `The client's claims, newest first: {page, pageSize} → {items:[${CLAIM_ITEM}], total, page, pageSize}.`,
    input: pageInputSchema,
    handler: ({ db, principal, input }) => listClaims(db, principal!, input),
  }),
  defineAction({
    service: 'client',
    resource: 'claim',
    action: 'getClaim',
    auth: 'client',
    description: `One of the client's claims: {id} → ${CLAIM_DETAILS}. Another client's claim answers 404.`,
    input: claimIdSchema,
    handler: ({ db, services, principal, input }) => getClaim(db, services, principal!, input.id),
  }),
  defineAction({
    service: 'claims',
    resource: 'desk',
    action: 'listClaims',
    auth: 'staff',
    roles: ['underwriter', 'admin', 'intermediary'],
    description: `The claims desk queue, newest first (an underwriter: its insurer's; an intermediary: its clients', read-only; an admin: all): {page, pageSize, status?, type?, search? (claim ref, policy number or e-mail), open? (true: only REPORTED, DOCUMENTS_PENDING, UNDER_ASSESSMENT and APPROVED, oldest first)} → {items:[${CLAIM_ITEM}], total, page, pageSize}.`,
    input: listClaimsSchema,
    handler: ({ db, principal, input }) => listClaims(db, principal!, input),
  }),
  defineAction({
    service: 'claims',
    resource: 'desk',
    action: 'getClaim',
    auth: 'staff',
    roles: ['underwriter', 'admin', 'intermediary'],
    description: `One claim: {id} → ${CLAIM_DETAILS} (an intermediary gets no files and no actions). Outside the caller's scope: 404.`,
    input: claimIdSchema,
    handler: ({ db, services, principal, input }) => getClaim(db, services, principal!, input.id),
  }),
  defineAction({
    service: 'claims',
    resource: 'desk',
    action: 'listAssessors',
    auth: 'staff',
    roles: STEP_ROLES,
    description:
      "The claim's insurer's active staff who can be appointed assessor: {id} → [{id, name, email}].",
    input: claimIdSchema,
    handler: ({ db, principal, input }) => listAssessors(db, principal!, input.id),
  }),
  defineAction({
    service: 'claims',
    resource: 'desk',
    action: 'requestDocuments',
    auth: 'staff',
    roles: STEP_ROLES,
    description: `Asks the client for documents: {id, documents:[claim_form|police_abstract|…], note?} → DOCUMENTS_PENDING (from REPORTED, DOCUMENTS_PENDING, UNDER_ASSESSMENT); the client is notified. ${STATE_409}`,
    input: requestClaimDocumentsSchema,
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
    description: `Appoints an assessor (an active staff user of the claim's insurer): {id, assessorId} → UNDER_ASSESSMENT. ${STATE_409}`,
    input: appointAssessorSchema,
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
    description: `Records the assessor's report: {id, report, assessedLoss (KES)}; UNDER_ASSESSMENT with an assessor only. ${STATE_409}`,
    input: recordAssessmentSchema,
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
    description: `Approves the agreed loss less the policy's excess: {id, amount (KES, before the excess), waivedDocuments?:[claim_form|…]} → APPROVED, approvedAmount = amount − excess. 400 above the sum insured or not above the excess; 409 before an assessment or from another status; 409 CLAIM_DOCUMENTS_MISSING naming the documents the insurer requested that are still missing unless each is in waivedDocuments (the waiver goes on the timeline and in the audit log). Audited. ${STATE_409}`,
    input: approveClaimSchema,
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
    description: `Declines with a reason: {id, reason} → DECLINED. Audited. ${STATE_409}`,
    input: declineClaimSchema,
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
    description: `Pays an APPROVED claim (approvedAmount, whole shillings): {id, method:'garage', garageName, reference} → SETTLED at once; or {id, method:'mpesa', phone} → a Daraja B2C payment request, SETTLED when its result (or, when the result never comes, Daraja's Transaction Status) says paid; a failure or queue time-out leaves it APPROVED to try again. 409 while a payout is pending or unresolved (it may still have paid), or above M-Pesa's per-transaction limit. The phone as Kenyans type it (0712 345 678, +254…, 712345678). Audited. ${STATE_409}`,
    input: settleClaimSchema,
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
      "Records what the M-Pesa statement shows for the claim's unresolved payout (one M-Pesa never confirmed by the deadline): {id, outcome:'paid', receipt (10 characters), note?} → the payout paid with that receipt and the claim SETTLED; or {id, outcome:'not_paid', note (≥ 10 characters: how it was checked)} → the payout failed, the claim APPROVED to pay again. Audited. 409 when the claim has no unresolved payout; another insurer's claim answers 404. Answers the claim in full.",
    input: resolvePayoutSchema,
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
    description: `Closes a SETTLED or DECLINED claim: {id} → CLOSED. ${STATE_409}`,
    input: claimIdSchema,
    handler: async ({ db, services, log, principal, input }) => {
      await closeClaim({ db, services, log }, principal!, input);
      return getClaim(db, services, principal!, input.id);
    },
  }),
];
