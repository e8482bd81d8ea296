import { z } from 'zod';
import { ACCOUNT_MESSAGES, CLIENT_TYPES } from './account';
import { classDefinitionOf, classKycSchema } from './classes';
import { KRA_PIN_PATTERN } from './identifiers';
import { choiceSchema } from './numbers';
import { THIRD_PARTY_COVER_TYPES } from './premium/types';
import { fullVehicleSchema, vehicleIdentitySchema } from './purchase';

/**
 * What a quotation must hold before it may be invoiced, paid, put in a cart or financed — whatever
 * route leads to its policy: the vehicle its class and cover require (motor private: the four
 * identity fields for third-party, the whole vehicle form otherwise; motor commercial: its own
 * form) and the KYC its class requires (motor private: the profile's KRA PIN, phone, address and
 * account type as snapshotted on the quotation; the other classes: their KYC form).
 */
export const RISK_DETAILS_MESSAGES = {
  missing: 'Give the vehicle details and your KYC details this cover needs before paying for it.',
  paid: 'Money has been paid towards this quotation: its details can no longer be changed.',
} as const;

/** The motor classes: their policies carry a vehicle and a certificate. */
export const MOTOR_CLASS_CODES = ['07', '08'] as const;

/** Whether a class's policies insure a vehicle. */
export function isMotorClass(classCode: string): boolean {
  return (MOTOR_CLASS_CODES as readonly string[]).includes(classCode);
}

/**
 * The vehicle schema of a class and cover, `today` YYYY-MM-DD (the year of manufacture's bound), or
 * null for a class that insures no vehicle. The one rule the quotation, its completion and the
 * payment guard share.
 */
export function vehicleSchemaOf(options: {
  classCode: string;
  coverType: string;
  today: string;
}): z.ZodType<Record<string, unknown>> | null {
  const definition = classDefinitionOf(options.classCode);
  if (definition?.vehicleSchema) return definition.vehicleSchema as z.ZodType<Record<string, unknown>>;
  if (definition?.riskSchema) return null;
  return (
    THIRD_PARTY_COVER_TYPES.includes(options.coverType)
      ? vehicleIdentitySchema
      : fullVehicleSchema(options.today)
  ) as z.ZodType<Record<string, unknown>>;
}

const requiredText = (message: string) => z.string({ error: message }).trim().min(1, message);

/**
 * Motor private's KYC as a quotation keeps it (the client's profile at the time): a real KRA PIN
 * (never the profile's 'N/A' placeholder), a phone, an address and the account type.
 */
export const motorPrivateKycSnapshotSchema = z.object({
  kraPin: requiredText(ACCOUNT_MESSAGES.kraPinRequired).pipe(
    z.string().regex(KRA_PIN_PATTERN, ACCOUNT_MESSAGES.kraPinInvalid),
  ),
  phone: requiredText(ACCOUNT_MESSAGES.phoneRequired),
  address: requiredText(ACCOUNT_MESSAGES.addressRequired).pipe(
    z.string().min(10, ACCOUNT_MESSAGES.addressLength),
  ),
  clientType: choiceSchema(
    CLIENT_TYPES,
    ACCOUNT_MESSAGES.accountTypeRequired,
    ACCOUNT_MESSAGES.accountTypeInvalid,
  ),
});

/** Where a class keeps its KYC on a quotation's `clientDetails`: motor private at the top, others under `kyc`. */
export function kycPlaceOf(classCode: string): 'profile' | 'kyc' {
  return classDefinitionOf(classCode)?.riskSchema ? 'kyc' : 'profile';
}

export interface MissingDetail {
  /** The input field to give: `vehicleDetails.make`, `kyc.kraPin`, … */
  field: string;
  message: string;
}

const issuesOf = (schema: z.ZodType, value: unknown, prefix: string): MissingDetail[] => {
  const checked = schema.safeParse(value ?? {});
  if (checked.success) return [];
  return checked.error.issues.map((issue) => ({
    field: [prefix, ...issue.path.map(String)].join('.'),
    message: issue.message,
  }));
};

/**
 * The details a quotation still lacks before its policy may be bought (empty when none): each
 * field with the message its form shows. Vehicle fields are named `vehicleDetails.<field>`, KYC
 * fields `kyc.<field>` (the completion action's input names), the class's risk `risk.<field>` (priced
 * with it, so never completed afterwards: such a quotation is quoted again).
 */
export function missingRiskDetails(options: {
  classCode: string;
  coverType: string;
  vehicle: Record<string, unknown> | null;
  clientDetails: Record<string, unknown> | null;
  /** The class's risk as entered (fire, theft, aviation, motor commercial); ignored for motor private. */
  riskDetails?: Record<string, unknown> | null;
  today: string;
}): MissingDetail[] {
  const riskSchema = classDefinitionOf(options.classCode)?.riskSchema;
  const risk = riskSchema ? issuesOf(riskSchema, options.riskDetails, 'risk') : [];
  const vehicleSchema = vehicleSchemaOf(options);
  const vehicle = vehicleSchema ? issuesOf(vehicleSchema, options.vehicle, 'vehicleDetails') : [];
  const clientDetails = options.clientDetails ?? {};
  const kyc =
    kycPlaceOf(options.classCode) === 'kyc'
      ? issuesOf(classKycSchema, clientDetails.kyc, 'kyc')
      : issuesOf(motorPrivateKycSnapshotSchema, clientDetails, 'kyc');
  return [...risk, ...vehicle, ...kyc];
}

/**
 * `client / quotation / completeQuotationDetails`: the vehicle and KYC a quotation lacks (a
 * recommendation's plate and chassis, a renewal of an older policy), given before paying for it.
 * Either part may be left out when the quotation (or, for motor private, the client's profile)
 * already holds it.
 */
export const completeQuotationDetailsSchema = z.object({
  systemQuotationRef: z
    .string({ error: 'Quotation reference is required.' })
    .trim()
    .min(1, 'Quotation reference is required.')
    .max(100),
  vehicleDetails: z.record(z.string(), z.unknown()).optional(),
  kyc: z.record(z.string(), z.unknown()).optional(),
});
export type CompleteQuotationDetailsInput = z.infer<typeof completeQuotationDetailsSchema>;
