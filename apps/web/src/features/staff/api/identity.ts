import type { ActionInput, ActionOutput } from '@bima/domain/contract';
import { queryOptions } from '@tanstack/react-query';
import { callStaff } from './call';

/** A check awaiting an admin's decision (the register never answered, or a mismatch). */
export type ReviewCheck = ActionOutput<'admin/identity/listReviewChecks'>['items'][number];

export const reviewChecksKey = ['staff', 'identity', 'review'] as const;

/** `admin / identity / listReviewChecks` */
export const reviewChecksQueryOptions = () =>
  queryOptions({
    queryKey: reviewChecksKey,
    queryFn: ({ signal }) => callStaff('admin/identity/listReviewChecks', {}, signal),
  });

/** `admin / identity / decideCheck`: approve (verified) or reject, with a note. */
export const decideCheck = (input: ActionInput<'admin/identity/decideCheck'>) =>
  callStaff('admin/identity/decideCheck', input);

/** `backoffice / identity / insuredVerifications`: the insured's checks beside each policy shown. */
export const insuredVerificationsQueryOptions = (policyNumbers: string[]) =>
  queryOptions({
    queryKey: ['staff', 'identity', 'insured', policyNumbers],
    queryFn: ({ signal }) => callStaff('backoffice/identity/insuredVerifications', { policyNumbers }, signal),
    enabled: policyNumbers.length > 0,
  });
