import {
  assessmentAnswersSchema,
  assessmentShareSchema,
  sharedAssessmentPageSchema,
  sharedAssessmentRefSchema,
} from '@bima/domain';
import { z } from 'zod';
import { defineAction } from '../../gateway/registry';
import {
  getAssessment,
  getSharedAssessment,
  listSharedAssessments,
  saveAssessment,
  shareAssessment,
  unshareAssessment,
} from './service';

const ASSESSMENT =
  '{answers (null before the first save), updatedAt, result: {suggestions:[{id, cover, name, priority, isCovered, sumInsured, reasons, missing, quote:{routeName, params}, estimate:{premium (KES a year, the cheapest live product), productName, underwriter, periodDays} | null}], annualTotal, budget:{monthlyBudget, message, isWithin, monthlyEquivalent}} | null, intermediaries:[{id, name, category, isShared, sharedAt}] (the ACTIVE firms the client works with)}';

/** The insurance needs assessment: the client's own (portal: Profile › Assessment) and shared ones. */
export const assessmentActions = [
  defineAction({
    service: 'client',
    resource: 'assessment',
    action: 'getAssessment',
    auth: 'client',
    description: `The client's own assessment: {} → ${ASSESSMENT}.`,
    input: z.object({}),
    handler: ({ db, principal }) => getAssessment(db, principal!.userId),
  }),
  defineAction({
    service: 'client',
    resource: 'assessment',
    action: 'saveAssessment',
    auth: 'client',
    description: `Saves the questionnaire (creates or replaces it): {answers} → ${ASSESSMENT}. Amounts in whole shillings.`,
    input: z.object({ answers: assessmentAnswersSchema }),
    handler: ({ db, principal, input }) => saveAssessment(db, principal!.userId, input.answers),
  }),
  defineAction({
    service: 'client',
    resource: 'assessment',
    action: 'shareAssessment',
    auth: 'client',
    description: `Lets one firm the client works with read the assessment: {intermediaryId} → ${ASSESSMENT}. No assessment yet: 404; a firm the client does not work with: 409 NOT_LINKED.`,
    input: assessmentShareSchema,
    handler: ({ db, principal, input }) => shareAssessment(db, principal!.userId, input.intermediaryId),
  }),
  defineAction({
    service: 'client',
    resource: 'assessment',
    action: 'unshareAssessment',
    auth: 'client',
    description: `Withdraws a firm's access to the assessment: {intermediaryId} → ${ASSESSMENT}.`,
    input: assessmentShareSchema,
    handler: ({ db, principal, input }) => unshareAssessment(db, principal!.userId, input.intermediaryId),
  }),
  defineAction({
    service: 'intermediary',
    resource: 'assessment',
    action: 'listShared',
    auth: 'staff',
    roles: ['intermediary'],
    description:
      "The assessments clients share with the caller's firm, newest share first: {page, pageSize} → {items:[{id, clientName, email, sharedAt, updatedAt}], total, page, pageSize, totalPages}.",
    input: sharedAssessmentPageSchema,
    handler: ({ db, principal, input }) => listSharedAssessments(db, principal!, input),
  }),
  defineAction({
    service: 'intermediary',
    resource: 'assessment',
    action: 'getShared',
    auth: 'staff',
    roles: ['intermediary'],
    description:
      "One assessment shared with the caller's firm, read-only: {id} → {id, clientName, email, sharedAt, updatedAt, answers, result}. Another firm's, or one the client stopped sharing: 404.",
    input: sharedAssessmentRefSchema,
    handler: ({ db, principal, input }) => getSharedAssessment(db, principal!, input.id),
  }),
];
