import { callGateway, unwrapData } from '../../../lib/api-client';
import type { SessionTokens } from '../../../stores/auth';

/** `user / auth / login` (spec-2 §3: username is the e-mail, loginDevice an empty object). */
export async function login(input: { username: string; password: string }) {
  return unwrapData(
    await callGateway<SessionTokens>(
      { service: 'user', resource: 'auth', action: 'login', data: { ...input, loginDevice: {} } },
      { silent: true },
    ),
  );
}
