import {
  createHelpRequestFormSchema,
  type HelpRequestFormInput,
  type IntermediaryListItem,
  phoneSearchDigits,
} from '@bima/domain';
import { shillingsToCents } from '@bima/domain/money';
import { kenyaTodayIsoDate } from '../../../lib/dates';
import type { HelpPrefill } from '../../../lib/intermediaries';

/** The help form as typed: the shape of the request (spec-2 §3), amounts still text. */
export interface HelpFormValues {
  clientDetails: { names: { firstName: string; lastName: string }; email: string; kraPin: string };
  riskDetails: { value: string; regNo: string; chassisNumber: string };
  expiry: string;
  remarks: string;
  entityRefs: number[];
}

/** What a signed-out visitor adds after the e-mail check (`requestHelpCode`). */
export interface HelpVerification {
  verificationRef: string;
  code: string;
}

/** `underwriting / quotation / createHelpRequest`'s payload (spec-2 §3 "Help request"). */
export interface HelpRequestPayload {
  entityRefs: number[];
  expiry: string;
  status: 'PENDING';
  remarks: string;
  clientDetails: { names: { firstName: string; lastName: string }; email: string; kraPin: string };
  /** The vehicle value in cents (the wire's unit). */
  riskDetails: { value: number; chassisNumber: string; regNo: string };
  verificationRef?: string;
  code?: string;
}

/** The form's checks: the server's schema and messages (spec-2 §5), the deadline against Kenya's today. */
export const helpFormSchema = () => createHelpRequestFormSchema({ today: () => kenyaTodayIsoDate() });

export const EMPTY_HELP_FORM: HelpFormValues = {
  clientDetails: { names: { firstName: '', lastName: '' }, email: '', kraPin: '' },
  riskDetails: { value: '', regNo: '', chassisNumber: '' },
  expiry: '',
  remarks: '',
  entityRefs: [],
};

/**
 * The form's starting values: the signed-in client's names, e-mail and KRA PIN (spec-2: prefilled
 * from KYC when present), the vehicle value already entered in the motor flow, and a firm chosen in
 * the portal's directory.
 */
export function initialHelpValues(options: {
  prefill: HelpPrefill | null;
  vehicleValue?: number;
  intermediaryId?: number;
}): HelpFormValues {
  const { prefill, vehicleValue, intermediaryId } = options;
  return {
    ...EMPTY_HELP_FORM,
    clientDetails: {
      names: { firstName: prefill?.firstName ?? '', lastName: prefill?.lastName ?? '' },
      email: prefill?.email ?? '',
      kraPin: prefill?.kraPin ?? '',
    },
    riskDetails: {
      ...EMPTY_HELP_FORM.riskDetails,
      value: vehicleValue && vehicleValue > 0 ? String(vehicleValue) : '',
    },
    entityRefs: intermediaryId === undefined ? [] : [intermediaryId],
  };
}

/**
 * The checked form as the request's payload (the typed shillings sent as cents), with the e-mail
 * check for a signed-out visitor.
 */
export function toHelpRequestPayload(
  input: HelpRequestFormInput,
  verification?: HelpVerification,
): HelpRequestPayload {
  return {
    entityRefs: input.entityRefs,
    expiry: input.expiry,
    status: 'PENDING',
    remarks: input.remarks,
    clientDetails: {
      names: {
        firstName: input.clientDetails.names.firstName,
        lastName: input.clientDetails.names.lastName,
      },
      email: input.clientDetails.email,
      kraPin: input.clientDetails.kraPin,
    },
    riskDetails: {
      value: shillingsToCents(input.riskDetails.value),
      chassisNumber: input.riskDetails.chassisNumber,
      regNo: input.riskDetails.regNo,
    },
    ...(verification ? { verificationRef: verification.verificationRef, code: verification.code } : {}),
  };
}

/** Each field's label key, in the form's order, with whether it is still empty. */
const REQUIRED_FIELDS: ReadonlyArray<[labelKey: string, isEmpty: (values: HelpFormValues) => boolean]> = [
  ['firstName', (v) => !v.clientDetails.names.firstName.trim()],
  ['lastName', (v) => !v.clientDetails.names.lastName.trim()],
  ['email', (v) => !v.clientDetails.email.trim()],
  ['kraPin', (v) => !v.clientDetails.kraPin.trim()],
  ['value', (v) => !String(v.riskDetails.value ?? '').trim()],
  ['regNo', (v) => !v.riskDetails.regNo.trim()],
  ['chassisNumber', (v) => !v.riskDetails.chassisNumber.trim()],
  ['expiry', (v) => !v.expiry.trim()],
  ['remarks', (v) => !v.remarks.trim()],
  ['intermediaries', (v) => v.entityRefs.length === 0],
];

/** The keys (under helpMotor.fields) of the fields left empty, for the 'Incomplete Form' toast. */
export function missingFieldKeys(values: HelpFormValues): string[] {
  return REQUIRED_FIELDS.filter(([, isEmpty]) => isEmpty(values)).map(([key]) => key);
}

/**
 * The intermediaries matching a search, case-insensitive and trimmed: on name and primary e-mail as
 * spec-2 says, and also on phone (digits after +254, '0712…' or '+254712…' alike). Deliberate
 * departure: the spec's search ignores the phone although its placeholder offers it; the issue asks
 * to make the placeholder true. An empty search keeps the whole list.
 */
export function filterIntermediaries<
  T extends Pick<IntermediaryListItem, 'intermediaryNames' | 'primaryEmail' | 'phone'>,
>(list: readonly T[], search: string): T[] {
  const needle = search.trim().toLowerCase();
  if (!needle) return [...list];
  const digits = phoneSearchDigits(needle);
  return list.filter((item) => {
    if (item.intermediaryNames.toLowerCase().includes(needle)) return true;
    if (item.primaryEmail.toLowerCase().includes(needle)) return true;
    if (digits === null) return false;
    const phoneDigits = item.phone.replace(/\D/g, '').replace(/^254/, '').replace(/^0/, '');
    return phoneDigits.includes(digits);
  });
}

/** Adds the firm to the selection, or takes it out when it is already there. */
export function toggleSelection(selected: readonly number[], id: number): number[] {
  return selected.includes(id) ? selected.filter((value) => value !== id) : [...selected, id];
}
