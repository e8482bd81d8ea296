import { callGateway, unwrapData } from '../../../lib/api-client';

/** The editable User Profile (`client / profile / getProfile`). */
export interface Profile {
  id: string;
  email: string;
  names: { firstName: string; lastName: string };
  /** The phone of record in E.164: the KYC phone, verified once its texted code was entered. */
  phone: string | null;
  phoneVerifiedAt: string | null;
}

export interface PendingChange {
  changeRef: string;
  email?: string;
  phone?: string;
}

export const profileKey = (userId: string | undefined) => ['client', 'profile', userId ?? ''] as const;

/** One `client / profile / …` action; the screen reports failures itself. */
async function callProfile<T>(action: string, data: unknown = {}, signal?: AbortSignal): Promise<T> {
  return unwrapData(
    await callGateway<T>(
      { service: 'client', resource: 'profile', action, data },
      { secure: true, silent: true, signal },
    ),
  );
}

export const getProfile = (signal?: AbortSignal) => callProfile<Profile>('getProfile', {}, signal);
export const updateNames = (names: { firstName: string; lastName: string }) =>
  callProfile<Profile>('updateNames', { names });
export const requestEmailChange = (email: string) =>
  callProfile<PendingChange>('requestEmailChange', { email });
export const confirmEmailChange = (changeRef: string, code: string) =>
  callProfile<Profile>('confirmEmailChange', { changeRef, code });
export const requestPhoneChange = (country: string, phone: string) =>
  callProfile<PendingChange>('requestPhoneChange', { country, phone });
export const confirmPhoneChange = (changeRef: string, code: string) =>
  callProfile<Profile>('confirmPhoneChange', { changeRef, code });
export const changePassword = (currentPassword: string, newPassword: string) =>
  callProfile<{ changed: boolean; otherSessionsSignedOut: number }>('changePassword', {
    currentPassword,
    newPassword,
  });
export const signOutOtherDevices = () =>
  callProfile<{ otherSessionsSignedOut: number }>('signOutOtherDevices');
