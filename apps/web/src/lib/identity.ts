import type { ActionInput, ActionOutput } from '@bima/domain/contract';
import { queryOptions } from '@tanstack/react-query';
import { callAction } from './api-client';

/** A document's current identity check (ID, KRA PIN) as the client sees it. */
export type IdentityCheck = ActionOutput<'client/identity/listChecks'>['checks'][number];

export const identityChecksKey = ['identity', 'checks'] as const;

/** `client / identity / listChecks`: the signed-in client's current checks. */
export const identityChecksQueryOptions = () =>
  queryOptions({
    queryKey: identityChecksKey,
    queryFn: () => callAction('client/identity/listChecks', {}, { secure: true }),
  });

/** `client / identity / startChecks`: checks the KYC's ID and KRA PIN under the consent just given. */
export function startIdentityChecks(input: ActionInput<'client/identity/startChecks'>) {
  return callAction('client/identity/startChecks', input, { secure: true, silent: true });
}
