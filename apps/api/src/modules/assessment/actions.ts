import { contracts } from '@bima/domain/contract';
import { defineAction } from '../../gateway/registry';
import {
  getAssessment,
  getSharedAssessment,
  listSharedAssessments,
  saveAssessment,
  shareAssessment,
  unshareAssessment,
} from './service';

/** The insurance needs assessment: the client's own (portal: Profile › Assessment) and shared ones. */
export const assessmentActions = [
  defineAction({
    service: 'client',
    resource: 'assessment',
    action: 'getAssessment',
    auth: 'client',
    description:
      "The client's own assessment: the answers and result (null before the first save), the firms the client works with and which read it. Amounts in cents.",
    input: contracts['client/assessment/getAssessment'].input,
    handler: ({ db, principal }) => getAssessment(db, principal!.userId),
  }),
  defineAction({
    service: 'client',
    resource: 'assessment',
    action: 'saveAssessment',
    auth: 'client',
    description:
      'Saves the questionnaire (creates or replaces it) and answers as getAssessment. Amounts in cents, in and out.',
    input: contracts['client/assessment/saveAssessment'].input,
    handler: ({ db, principal, input }) => saveAssessment(db, principal!.userId, input.answers),
  }),
  defineAction({
    service: 'client',
    resource: 'assessment',
    action: 'shareAssessment',
    auth: 'client',
    description:
      'Lets one firm the client works with read the assessment; answers as getAssessment. No assessment yet: 404; a firm the client does not work with: 409 NOT_LINKED.',
    input: contracts['client/assessment/shareAssessment'].input,
    handler: ({ db, principal, input }) => shareAssessment(db, principal!.userId, input.intermediaryId),
  }),
  defineAction({
    service: 'client',
    resource: 'assessment',
    action: 'unshareAssessment',
    auth: 'client',
    description: "Withdraws a firm's access to the assessment; answers as getAssessment.",
    input: contracts['client/assessment/shareAssessment'].input,
    handler: ({ db, principal, input }) => unshareAssessment(db, principal!.userId, input.intermediaryId),
  }),
  defineAction({
    service: 'intermediary',
    resource: 'assessment',
    action: 'listShared',
    auth: 'staff',
    roles: ['intermediary'],
    description:
      "The assessments clients share with the caller's firm, newest share first, a page at a time.",
    input: contracts['intermediary/assessment/listShared'].input,
    handler: ({ db, principal, input }) => listSharedAssessments(db, principal!, input),
  }),
  defineAction({
    service: 'intermediary',
    resource: 'assessment',
    action: 'getShared',
    auth: 'staff',
    roles: ['intermediary'],
    description:
      "One assessment shared with the caller's firm, read-only, with its answers and result (amounts in cents). Another firm's, or one the client stopped sharing: 404.",
    input: contracts['intermediary/assessment/getShared'].input,
    handler: ({ db, principal, input }) => getSharedAssessment(db, principal!, input.id),
  }),
];
