import { AuthScreen } from './auth';

/** /insurance/resetpassword (spec-2: a placeholder titled Reset Password): the password-reset mode. */
export default function ResetPasswordRoute() {
  return <AuthScreen initialMode="password-reset" />;
}
