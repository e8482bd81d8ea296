import { queryOptions, useQuery } from '@tanstack/react-query';
import { callGateway, unwrapData } from '../../../lib/api-client';
import type { AuthUser, SessionTokens } from '../../../stores/auth';

// The page explains its own failures (the link's state, a refused password), so these are silent.
const options = { silent: true } as const;

export type PasswordSetupState = 'valid' | 'used' | 'expired' | 'invalid';

export interface PasswordSetupLink {
  state: PasswordSetupState;
  email?: string;
  firstName?: string;
  /** Where the person works once signed in: the staff area or the client portal. */
  area?: 'staff' | 'client';
}

/** `user / registration / checkPasswordSetup`: what an e-mailed link is now. */
export async function checkPasswordSetup(token: string, { signal }: { signal?: AbortSignal } = {}) {
  return unwrapData(
    await callGateway<PasswordSetupLink>(
      { service: 'user', resource: 'registration', action: 'checkPasswordSetup', data: { token } },
      { ...options, signal },
    ),
  );
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
export async function setUpPassword(input: { token: string; password: string }) {
  return unwrapData(
    await callGateway<(AuthUser & SessionTokens & { signedIn: true }) | { signedIn: false; message: string }>(
      {
        service: 'user',
        resource: 'registration',
        action: 'setUpPassword',
        data: { ...input, loginDevice: {} },
      },
      options,
    ),
  );
}

/** `user / registration / requestPasswordSetupLink`: a new link for an expired one, to the same address. */
export async function requestPasswordSetupLink(token: string) {
  return unwrapData(
    await callGateway<{ sent: boolean; state: PasswordSetupState }>(
      { service: 'user', resource: 'registration', action: 'requestPasswordSetupLink', data: { token } },
      options,
    ),
  );
}
