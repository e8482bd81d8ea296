import { type ClassKyc, classKycSchema } from '@bima/domain/classes/risks';
import type { ZodType } from 'zod';

/** The KYC form of the classes' flows holds text; the domain schema checks it as the server does. */
export type KycFormInput = Record<keyof ClassKyc, string>;
export const kycFormSchema = classKycSchema as unknown as ZodType<ClassKyc, KycFormInput>;

/** The client's profile as the KYC form's starting values (KRA PIN 'N/A' means none given yet). */
export function kycFormValues(
  saved: ClassKyc | null,
  profile: {
    email?: string;
    names?: { firstName?: string; lastName?: string };
    kraPin?: string;
    phone?: string | null;
    address?: string | null;
  } | null,
): KycFormInput {
  if (saved) return { ...saved };
  const names = [profile?.names?.firstName, profile?.names?.lastName].filter(Boolean).join(' ');
  return {
    fullName: names,
    idNumber: '',
    kraPin: profile?.kraPin && profile.kraPin !== 'N/A' ? profile.kraPin : '',
    phoneNumber: profile?.phone ?? '',
    email: profile?.email ?? '',
    address: profile?.address ?? '',
  };
}
