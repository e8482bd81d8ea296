import { z } from 'zod';
import { wholeShillingCents } from './cents-schema';
import { isCalendarDate } from './cover-dates';
import { pageInputSchema } from './intermediaries';
import { choiceSchema } from './numbers';
import { mpesaPhoneSchema } from './purchase';
import { workAgeSchema } from './staff-work';

/**
 * Motor claims as Kenyan insurers run them (shared/domain/intermediaries.md "A motor claim"):
 * reported → documents pending → under assessment → approved | declined → settled → closed.
 */
export const CLAIM_TYPES = [
  'accident',
  'theft',
  'windscreen',
  'fire',
  'third_party_injury',
  'third_party_property',
] as const;
export type ClaimType = (typeof CLAIM_TYPES)[number];

export const CLAIM_STATUSES = [
  'REPORTED',
  'DOCUMENTS_PENDING',
  'UNDER_ASSESSMENT',
  'APPROVED',
  'DECLINED',
  'SETTLED',
  'CLOSED',
] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];

export const CLAIM_DOCUMENT_TYPES = [
  'claim_form',
  'police_abstract',
  'driving_licence',
  'logbook',
  'damage_photos',
  'witness_statement',
  'theft_claim_form',
  'keys',
  'replacement_receipt',
  'before_after_photos',
  'other',
] as const;
export type ClaimDocumentType = (typeof CLAIM_DOCUMENT_TYPES)[number];

/** What each document is, as the checklist shows it. */
export const CLAIM_DOCUMENT_LABELS: Record<ClaimDocumentType, string> = {
  claim_form: 'Claim form, filled in and signed',
  police_abstract: 'Police abstract with its OB number',
  driving_licence: 'Driving licence of the driver (both sides)',
  logbook: 'Logbook copy',
  damage_photos: 'Photos of the damage from several angles, the number plate visible',
  witness_statement: 'Witness statements',
  theft_claim_form: 'Theft claim form',
  keys: 'Both sets of keys (a photo; hand them to the insurer)',
  replacement_receipt: 'Replacement receipt (ETR)',
  before_after_photos: 'Photos of the windscreen before and after replacement',
  other: 'Other document',
};

export const CLAIM_TYPE_LABELS: Record<ClaimType, string> = {
  accident: 'Accident',
  theft: 'Theft',
  windscreen: 'Windscreen',
  fire: 'Fire',
  third_party_injury: 'Third-party injury',
  third_party_property: 'Third-party property',
};

/** Types that always involve another party (their details are required). */
const OTHER_PARTY_TYPES: ReadonlySet<ClaimType> = new Set(['third_party_injury', 'third_party_property']);

/**
 * Whether a claim needs a police abstract (OB number): accidents with a third party, theft, fire and
 * third-party claims; a minor own-damage accident with no other party is accepted without one.
 */
export function needsPoliceAbstract(options: { type: ClaimType; hasOtherParty: boolean }): boolean {
  if (options.type === 'windscreen') return false;
  if (options.type === 'accident') return options.hasOtherParty;
  return true;
}

/** Whether a claim type must name the other party. */
export const needsOtherParty = (type: ClaimType) => OTHER_PARTY_TYPES.has(type);

/** The documents a claim of this type needs (the guided checklist). */
export function requiredClaimDocuments(options: {
  type: ClaimType;
  hasOtherParty: boolean;
}): ClaimDocumentType[] {
  const abstract = needsPoliceAbstract(options) ? (['police_abstract'] as const) : [];
  switch (options.type) {
    case 'accident':
      return ['claim_form', ...abstract, 'driving_licence', 'logbook', 'damage_photos'];
    case 'theft':
      return ['claim_form', 'theft_claim_form', ...abstract, 'driving_licence', 'logbook', 'keys'];
    case 'windscreen':
      return ['claim_form', 'logbook', 'replacement_receipt', 'before_after_photos'];
    case 'fire':
      return ['claim_form', ...abstract, 'driving_licence', 'logbook', 'damage_photos'];
    case 'third_party_injury':
      return ['claim_form', ...abstract, 'driving_licence', 'logbook', 'witness_statement'];
    case 'third_party_property':
      return ['claim_form', ...abstract, 'driving_licence', 'logbook', 'damage_photos'];
  }
}

/** The checklist: required documents (the type's and those staff asked for) not uploaded yet. */
export function missingClaimDocuments(options: {
  required: readonly ClaimDocumentType[];
  requested: readonly ClaimDocumentType[];
  uploaded: readonly string[];
}): ClaimDocumentType[] {
  const have = new Set(options.uploaded);
  return [...new Set([...options.required, ...options.requested])].filter((type) => !have.has(type));
}

/**
 * What approving a claim waives: the documents the insurer itself asked for that are still missing.
 * The desk confirms each one (approveClaim's `waivedDocuments`) or the approval is refused.
 */
export function documentsToWaive(options: {
  requested: readonly ClaimDocumentType[];
  uploaded: readonly string[];
}): ClaimDocumentType[] {
  const have = new Set(options.uploaded);
  return [...new Set(options.requested)].filter((type) => !have.has(type));
}

/** Claims the desk still has to finish: not yet paid, declined or closed (the dashboard's open claims). */
export const OPEN_CLAIM_STATUSES = [
  'REPORTED',
  'DOCUMENTS_PENDING',
  'UNDER_ASSESSMENT',
  'APPROVED',
] as const satisfies readonly ClaimStatus[];

/** Which statuses each staff step may start from; anything else is a 409. */
export const CLAIM_TRANSITIONS = {
  requestDocuments: ['REPORTED', 'DOCUMENTS_PENDING', 'UNDER_ASSESSMENT'],
  appointAssessor: ['REPORTED', 'DOCUMENTS_PENDING', 'UNDER_ASSESSMENT'],
  recordAssessment: ['UNDER_ASSESSMENT'],
  approve: ['UNDER_ASSESSMENT'],
  decline: ['REPORTED', 'DOCUMENTS_PENDING', 'UNDER_ASSESSMENT'],
  settle: ['APPROVED'],
  close: ['SETTLED', 'DECLINED'],
} as const satisfies Record<string, readonly ClaimStatus[]>;
export type ClaimStep = keyof typeof CLAIM_TRANSITIONS;

/** Whether a claim in `status` may take `step`. */
export const canTakeClaimStep = (step: ClaimStep, status: string) =>
  (CLAIM_TRANSITIONS[step] as readonly string[]).includes(status);

/**
 * What the client is paid (cents): the agreed loss less the excess, in whole shillings — M-Pesa
 * pays only whole shillings, so an excess carrying cents leaves the remainder's cents unpaid (the
 * amount approved, shown and sent is this one); never below zero.
 */
export const claimPayable = (options: { agreedLoss: number; excess: number }) => {
  const exact = options.agreedLoss - options.excess;
  return exact <= 0 ? 0 : exact - (exact % 100);
};

export const CLAIM_MESSAGES = {
  policyRequired: 'Choose the policy to claim on.',
  typeRequired: 'Choose what happened.',
  dateRequired: 'Enter the date of the incident.',
  dateFuture: 'The incident date cannot be in the future.',
  dateBeforeCover: 'The incident date is before your cover started.',
  dateAfterCover: 'The incident date is after your cover ended.',
  placeRequired: 'Enter where it happened.',
  placeTooLong: 'The place must be at most 200 characters.',
  descriptionRequired: 'Describe what happened (at least 20 characters).',
  descriptionTooLong: 'The description must be at most 4000 characters.',
  obRequired: 'Enter the OB number of the police abstract.',
  obInvalid: 'Enter the OB number as on the police abstract, e.g. OB 23/14/11/2026.',
  otherPartyRequired: "Enter the other party's details.",
  otherPartyName: "Enter the other party's name.",
  otherPartyPhone: "Enter the other party's phone number.",
  notFound: 'Claim not found.',
  policyNotFound: 'Policy not found.',
  policyNotActive: 'Claims can only be reported on an active policy.',
  notAllowed: 'This claim cannot take that step in its current status.',
  documentsRequired: 'Choose at least one document to request.',
  noteTooLong: 'The note must be at most 1000 characters.',
  assessorRequired: 'Choose an assessor.',
  assessorInvalid: 'The assessor must be an active staff member of this insurer.',
  assessmentRequired: 'Write the assessment report (at least 10 characters).',
  amountRequired: 'Enter the amount in whole shillings.',
  amountAboveLimit: (limit: string) => `The amount cannot exceed the policy's sum insured, ${limit}.`,
  amountNotAboveExcess: (excess: string) => `The amount must be more than the excess, ${excess}.`,
  assessFirst: 'Appoint an assessor and record the assessment before approving.',
  reasonRequired: 'Give the reason for declining (at least 10 characters).',
  reasonTooLong: 'The reason must be at most 1000 characters.',
  garageRequired: 'Enter the garage paid.',
  referenceRequired: 'Enter the payment reference.',
  settlementPending: 'An M-Pesa settlement of this claim is still waiting for its result.',
  payoutUnresolved:
    'M-Pesa has not confirmed whether the last payout of this claim was paid: check the M-Pesa statement and record what it shows before paying again.',
  noPayoutToResolve: 'No M-Pesa payout of this claim is waiting to be confirmed.',
  receiptInvalid: 'Enter the M-Pesa receipt number as on the statement, e.g. TJK4H7Q2ZP.',
  resolveNoteRequired: 'Say how you checked that nothing was paid (at least 10 characters).',
  outcomeRequired: 'Choose what the M-Pesa statement shows: paid or not paid.',
  documentsNotWaived: (list: string) =>
    `Documents you asked for are still missing: ${list}. Confirm that you waive them to approve the claim.`,
  tooLargeForMpesa: (limit: string) =>
    `M-Pesa takes at most ${limit} per transaction: settle this claim to the garage instead.`,
} as const;

const M = CLAIM_MESSAGES;

const claimId = z.coerce
  .number({ error: M.notFound })
  .int(M.notFound)
  .positive(M.notFound)
  .max(2_147_483_647, M.notFound);

export const claimIdSchema = z.object({ id: claimId });

const text = (min: number, max: number, required: string, tooLong: string) =>
  z.string({ error: required }).trim().min(min, required).max(max, tooLong);

const OB_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 ./-]{2,39}$/;

export const otherPartySchema = z.object({
  name: text(2, 120, M.otherPartyName, M.otherPartyName),
  phone: text(7, 20, M.otherPartyPhone, M.otherPartyPhone),
  vehicleRegistration: z.string().trim().max(20).optional().default(''),
  insurer: z.string().trim().max(120).optional().default(''),
});

/** `client / claim / reportClaim`: dates within the cover are checked against the policy by the server. */
export const reportClaimSchema = (options: { today: () => string }) =>
  z
    .object({
      policyNumber: z.string({ error: M.policyRequired }).trim().min(1, M.policyRequired).max(40),
      type: choiceSchema(CLAIM_TYPES, M.typeRequired),
      incidentDate: z
        .string({ error: M.dateRequired })
        .refine(isCalendarDate, M.dateRequired)
        .refine((date) => date <= options.today(), M.dateFuture),
      place: text(2, 200, M.placeRequired, M.placeTooLong),
      description: text(20, 4000, M.descriptionRequired, M.descriptionTooLong),
      obNumber: z.string().trim().max(40).optional().default(''),
      otherParty: otherPartySchema.nullable().optional().default(null),
    })
    .superRefine((claim, context) => {
      const hasOtherParty = claim.otherParty !== null;
      if (needsOtherParty(claim.type) && !hasOtherParty)
        context.addIssue({ code: 'custom', path: ['otherParty'], message: M.otherPartyRequired });
      if (needsPoliceAbstract({ type: claim.type, hasOtherParty })) {
        if (claim.obNumber === '')
          context.addIssue({ code: 'custom', path: ['obNumber'], message: M.obRequired });
        else if (!OB_PATTERN.test(claim.obNumber))
          context.addIssue({ code: 'custom', path: ['obNumber'], message: M.obInvalid });
      } else if (claim.obNumber !== '' && !OB_PATTERN.test(claim.obNumber)) {
        context.addIssue({ code: 'custom', path: ['obNumber'], message: M.obInvalid });
      }
    });
export type ReportClaimInput = z.infer<ReturnType<typeof reportClaimSchema>>;

export const listClaimsSchema = pageInputSchema.extend({
  status: z.enum(CLAIM_STATUSES, { error: 'Unknown claim status.' }).optional(),
  /** Only the claims still open (OPEN_CLAIM_STATUSES), oldest first: the desk's dashboard. */
  open: z.boolean().optional(),
  /** Only the claims reported this long ago (the staff dashboard's buckets). */
  age: workAgeSchema.optional(),
  type: choiceSchema(CLAIM_TYPES, M.typeRequired).optional(),
  search: z.string().trim().max(60).optional(),
});

export const requestClaimDocumentsSchema = z.object({
  id: claimId,
  documents: z
    .array(z.enum(CLAIM_DOCUMENT_TYPES, { error: M.documentsRequired }), { error: M.documentsRequired })
    .min(1, M.documentsRequired)
    .max(CLAIM_DOCUMENT_TYPES.length),
  note: z.string().trim().max(1000, M.noteTooLong).optional().default(''),
});

export const appointAssessorSchema = z.object({
  id: claimId,
  assessorId: z.uuid({ error: M.assessorRequired }),
});

/**
 * An amount the desk sends: integer cents of whole shillings (the wire's one unit, issue 29), at
 * least KES 1 and at most KES 1,000,000,000. The web reads what the desk types with `parseAmount`.
 */
export const wholeShillingCentsSchema = wholeShillingCents({
  required: M.amountRequired,
  notWhole: M.amountRequired,
  min: { cents: 100, message: M.amountRequired },
  max: { cents: 100_000_000_000, message: M.amountRequired },
});

export const recordAssessmentSchema = z.object({
  id: claimId,
  report: text(10, 4000, M.assessmentRequired, M.assessmentRequired),
  /** The assessed loss: cents of whole shillings. */
  assessedLoss: wholeShillingCentsSchema,
});

export const approveClaimSchema = z.object({
  id: claimId,
  /** The agreed loss before the excess: cents of whole shillings. */
  amount: wholeShillingCentsSchema,
  /** The requested documents still missing that the desk confirms it waives (documentsToWaive). */
  waivedDocuments: z
    .array(z.enum(CLAIM_DOCUMENT_TYPES, { error: M.documentsRequired }))
    .max(CLAIM_DOCUMENT_TYPES.length)
    .optional()
    .default([]),
});

export const declineClaimSchema = z.object({
  id: claimId,
  reason: text(10, 1000, M.reasonRequired, M.reasonTooLong),
});

export const settleClaimSchema = z.discriminatedUnion(
  'method',
  [
    z.object({ id: claimId, method: z.literal('mpesa'), phone: mpesaPhoneSchema }),
    z.object({
      id: claimId,
      method: z.literal('garage'),
      garageName: text(2, 120, M.garageRequired, M.garageRequired),
      reference: text(2, 60, M.referenceRequired, M.referenceRequired),
    }),
  ],
  { error: 'Choose how to settle: M-Pesa or garage.' },
);

/**
 * `claims / desk / resolvePayout`: what the desk found on the M-Pesa statement for a payout M-Pesa
 * never confirmed — paid (with its receipt) or not paid (with how it was checked).
 */
export const resolvePayoutSchema = z.discriminatedUnion(
  'outcome',
  [
    z.object({
      id: claimId,
      outcome: z.literal('paid'),
      receipt: z
        .string({ error: M.receiptInvalid })
        .trim()
        .toUpperCase()
        .regex(/^[A-Z0-9]{10}$/, M.receiptInvalid),
      note: z.string().trim().max(1000, M.noteTooLong).optional().default(''),
    }),
    z.object({
      id: claimId,
      outcome: z.literal('not_paid'),
      note: text(10, 1000, M.resolveNoteRequired, M.noteTooLong),
    }),
  ],
  { error: M.outcomeRequired },
);
export type ResolvePayoutInput = z.infer<typeof resolvePayoutSchema>;

/** Upload limits shared by the server and the upload component. */
export const UPLOAD_LIMITS = {
  maxBytes: 10 * 1024 * 1024,
  imageTypes: ['image/jpeg', 'image/png', 'image/webp'],
  documentTypes: ['application/pdf'],
} as const;

export const UPLOAD_MESSAGES = {
  tooLarge: 'The file is larger than 10 MB. Choose a smaller file or a lower photo resolution.',
  badType: 'Only photos (JPEG, PNG, WebP) and PDF documents can be uploaded.',
  empty: 'The file is empty.',
  noFile: 'Choose a file to upload.',
  uploadIdRequired: 'Each upload needs an upload id (x-upload-id).',
  unknownOwner: 'Files can be attached only to a claim or a chat.',
} as const;

/** Megabytes as the upload limits' messages say them: at most one decimal (200, 0.3). */
const megabytes = (bytes: number) => String(Math.max(0.1, Number((bytes / (1024 * 1024)).toFixed(1))));

/** The refusal of an upload past the account's storage quota (413); Swahili in sw.patterns.json. */
export const uploadQuotaMessage = (quotaBytes: number) =>
  `Your account has used all of its ${megabytes(quotaBytes)} MB of file storage. Contact support if you need to upload more.`;

/** The refusal of an upload past the account's daily volume (429); Swahili in sw.patterns.json. */
export const uploadDailyMessage = (dailyBytes: number) =>
  `You have reached the ${megabytes(dailyBytes)} MB of files an account may upload in a day. Try again tomorrow.`;

/** The refusal of a photo with more pixels than may be decoded (413); Swahili in sw.patterns.json. */
export const uploadPixelsMessage = (maxMegapixels: number) =>
  `This photo has too many pixels to process (at most ${maxMegapixels} megapixels). Choose a smaller photo or a lower resolution.`;
