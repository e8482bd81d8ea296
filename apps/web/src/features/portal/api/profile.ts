import type { ActionOutput } from '@bima/domain/contract';
import { callAction } from '../../../lib/api-client';

/** The editable User Profile (`client / profile / getProfile`). */
export type Profile = ActionOutput<'client/profile/getProfile'>;

/** A new e-mail waiting for its code. */
export type PendingEmailChange = ActionOutput<'client/profile/requestEmailChange'>;
/** A new phone (E.164) waiting for its texted code. */
export type PendingPhoneChange = ActionOutput<'client/profile/requestPhoneChange'>;

export const profileKey = (userId: string | undefined) => ['client', 'profile', userId ?? ''] as const;

const options = { secure: true, silent: true } as const;

// The screen reports failures itself.
export const getProfile = (signal?: AbortSignal) =>
  callAction('client/profile/getProfile', {}, { ...options, signal });
export const updateNames = (names: { firstName: string; lastName: string }) =>
  callAction('client/profile/updateNames', { names }, options);
export const requestEmailChange = (email: string) =>
  callAction('client/profile/requestEmailChange', { email }, options);
export const confirmEmailChange = (changeRef: string, code: string) =>
  callAction('client/profile/confirmEmailChange', { changeRef, code }, options);
export const requestPhoneChange = (country: string, phone: string) =>
  callAction('client/profile/requestPhoneChange', { country, phone }, options);
export const confirmPhoneChange = (changeRef: string, code: string) =>
  callAction('client/profile/confirmPhoneChange', { changeRef, code }, options);
export const changePassword = (currentPassword: string, newPassword: string) =>
  callAction('client/profile/changePassword', { currentPassword, newPassword }, options);
export const signOutOtherDevices = () => callAction('client/profile/signOutOtherDevices', {}, options);
