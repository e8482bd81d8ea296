import { callAction } from '../../../lib/api-client';

/** `user / auth / login` (spec-2 §3: username is the e-mail, loginDevice an empty object). */
export function login(input: { username: string; password: string }) {
  return callAction('user/auth/login', { ...input, loginDevice: {} }, { silent: true });
}
