import type { ActionOutput } from '@bima/domain/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callAction } from '../../../lib/api-client';

// The page explains its own failures (the link's state, a refused password), so these are silent.
const options = { silent: true } as const;

export type PasswordSetupLink = ActionOutput<'user/registration/checkPasswordSetup'>;
export type PasswordSetupState = PasswordSetupLink['state'];

/** `user / registration / checkPasswordSetup`: what an e-mailed link is now. */
export function checkPasswordSetup(token: string, { signal }: { signal?: AbortSignal } = {}) {
  return callAction('user/registration/checkPasswordSetup', { token }, { ...options, signal });
}

export function usePasswordSetupLink(token: string | null) {
  return useQuery(
    queryOptions({
      queryKey: ['password-setup', token],
      queryFn: ({ signal }) => checkPasswordSetup(token!, { signal }),
      enabled: token !== null,
      staleTime: 0,
      retry: false,
    }),
  );
}

/** `user / registration / setUpPassword`: the first password from the link; signs in (login's answer). */
export function setUpPassword(input: { token: string; password: string }) {
  return callAction('user/registration/setUpPassword', { ...input, loginDevice: {} }, options);
}

/** `user / registration / requestPasswordSetupLink`: a new link for an expired one, to the same address. */
export function requestPasswordSetupLink(token: string) {
  return callAction('user/registration/requestPasswordSetupLink', { token }, options);
}
