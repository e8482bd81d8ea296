import { z } from 'zod';
import { ACCOUNT_MESSAGES, codeSchema, emailSchema, kenyanPhoneSchema, personNameSchema } from './account';
import { addCalendarDays, isCalendarDate } from './cover-dates';
import { isChassisNumber, KRA_PIN_PATTERN, normaliseChassisNumber } from './identifiers';
import { amountSchema, choiceSchema, NUMBER_MESSAGES } from './numbers';
import { REGISTRATION_PATTERN } from './purchase';

/** Brokers place business for the client; agents sell for one insurer or several (Insurance Act). */
export const INTERMEDIARY_CATEGORIES = ['BROKER', 'AGENT'] as const;
export type IntermediaryCategory = (typeof INTERMEDIARY_CATEGORIES)[number];

/** Only ACTIVE firms are listed to clients and can take help requests. */
export const INTERMEDIARY_STATUSES = ['ACTIVE', 'PENDING', 'SUSPENDED'] as const;
export type IntermediaryStatus = (typeof INTERMEDIARY_STATUSES)[number];

/** An intermediary as the client's directory and the help form read it (spec-2 §3, plus phone and licence). */
export interface IntermediaryListItem {
  id: number;
  status: IntermediaryStatus;
  intermediaryNames: string;
  primaryEmail: string;
  phone: string;
  /** A logo path served by the web app, or null: show the default logo. */
  profileImage: string | null;
  category: IntermediaryCategory;
  iraLicenceNumber: string;
}

/** The most intermediaries one help request may go to. */
export const MAX_HELP_REQUEST_INTERMEDIARIES = 10;
/** How far ahead a help request's deadline may be. */
export const HELP_REQUEST_MAX_DAYS_AHEAD = 365;

/** Messages of spec-2 §5 (Help form), word for word; the ones the spec has none for are ours. */
export const HELP_REQUEST_MESSAGES = {
  firstNameRequired: ACCOUNT_MESSAGES.firstNameRequired,
  firstNameLetters: ACCOUNT_MESSAGES.firstNameLetters,
  lastNameRequired: ACCOUNT_MESSAGES.lastNameRequired,
  lastNameLetters: ACCOUNT_MESSAGES.lastNameLetters,
  emailRequired: ACCOUNT_MESSAGES.emailRequired,
  emailInvalid: ACCOUNT_MESSAGES.emailInvalid,
  kraPinRequired: 'KRA PIN is required',
  kraPinInvalid: 'Please enter a valid KRA PIN (e.g., A123456789Z)',
  valueRequired: 'Vehicle value is required',
  valuePositive: 'Vehicle value must be greater than 0',
  valueTooLarge: 'Vehicle value is too large.',
  registrationRequired: 'Registration number is required',
  registrationInvalid: 'Please enter a valid registration number (e.g., KBC 123A)',
  chassisRequired: 'Chassis number is required',
  chassisLength: 'Chassis number should be 17 characters long',
  expiryRequired: 'Expiry date is required',
  expiryNotADate: 'Enter a real date.',
  expiryPast: 'Expiry date cannot be in the past',
  expiryTooFar: `Expiry date can be at most ${HELP_REQUEST_MAX_DAYS_AHEAD} days from today.`,
  remarksRequired: 'Query description is required',
  remarksLength: 'Description must be at least 10 characters',
  remarksTooLong: 'Description must be at most 2000 characters.',
  intermediariesRequired: 'Please select at least one intermediary',
  intermediariesTooMany: `Please select at most ${MAX_HELP_REQUEST_INTERMEDIARIES} intermediaries.`,
  intermediaryInvalid: 'Please select at least one intermediary',
  statusPending: 'A new request is PENDING.',
  verificationRefInvalid: 'The verification reference is not valid.',
  /** Server: a signed-out visitor sent no code. */
  verificationRequired:
    'Verify your e-mail address with the code we e-mailed you before sending the request.',
  /** Server: the code was sent to another address than the form's. */
  verificationEmailMismatch: 'Use the e-mail address the code was sent to.',
  /** Server: some chosen intermediaries are unknown or not ACTIVE. */
  intermediariesUnavailable: (names: string[]) =>
    `These intermediaries cannot take requests: ${names.join(', ')}. Please choose from the list.`,
  /** Server: the client has sent the most help requests a day allows (HELP_REQUESTS_PER_CLIENT_PER_DAY). */
  dailyLimitReached: (limit: number, hours: number) =>
    hours === 1
      ? `You can send at most ${limit} help requests a day. Please try again in 1 hour.`
      : `You can send at most ${limit} help requests a day. Please try again in ${hours} hours.`,
} as const;

/** The Help form's notifications (spec-2 §8), with their durations in milliseconds. */
export const HELP_FORM_TOASTS = {
  validationError: {
    title: 'Form Validation Error',
    message: 'Please correct the highlighted errors before submitting.',
    durationMs: 4000,
  },
  incompleteForm: {
    title: 'Incomplete Form',
    message: (missingLabels: string[]) => `Please fill in: ${missingLabels.join(', ')}`,
    durationMs: 4000,
  },
  submissionError: {
    title: 'Submission Error',
    fallback: 'Failed to submit request. Please try again.',
    falseStatus: 'Failed to submit request.',
    durationMs: 4000,
  },
  submitted: {
    title: 'Request Submitted',
    message: 'Your quotation request has been successfully submitted.',
    durationMs: 3000,
  },
} as const;

/**
 * The help request's states for one intermediary: PENDING → IN_REVIEW → QUOTED → ACCEPTED | REJECTED.
 * EXPIRED and SUSPENDED are never stored: they are read (see `effectiveHelpRequestStatus`).
 */
export const HELP_REQUEST_STATUSES = [
  'PENDING',
  'IN_REVIEW',
  'QUOTED',
  'ACCEPTED',
  'REJECTED',
  'EXPIRED',
  'SUSPENDED',
] as const;
export type HelpRequestStatus = (typeof HELP_REQUEST_STATUSES)[number];
export type StoredHelpRequestStatus = Exclude<HelpRequestStatus, 'EXPIRED' | 'SUSPENDED'>;

/** The states still waiting on the intermediary: the deadline and a suspension apply to them. */
export const OPEN_HELP_REQUEST_STATUSES = [
  'PENDING',
  'IN_REVIEW',
] as const satisfies StoredHelpRequestStatus[];

const HELP_REQUEST_TRANSITIONS: Record<HelpRequestStatus, readonly HelpRequestStatus[]> = {
  PENDING: ['IN_REVIEW'],
  IN_REVIEW: ['QUOTED'],
  QUOTED: ['ACCEPTED', 'REJECTED'],
  ACCEPTED: [],
  REJECTED: [],
  EXPIRED: [],
  SUSPENDED: [],
};

/** Whether a request reading `from` may move to `to` (read states EXPIRED and SUSPENDED move nowhere). */
export function canMoveHelpRequest(from: HelpRequestStatus, to: HelpRequestStatus): boolean {
  return HELP_REQUEST_TRANSITIONS[from].includes(to);
}

/**
 * The status a request reads for one intermediary: an open one (PENDING, IN_REVIEW) past its expiry
 * date (after the last day, in Kenya) reads EXPIRED, and one whose firm is suspended reads SUSPENDED;
 * any other reads as stored. `today` and `expiry` are YYYY-MM-DD.
 */
export function effectiveHelpRequestStatus(options: {
  status: StoredHelpRequestStatus;
  expiry: string;
  today: string;
  intermediaryStatus: IntermediaryStatus;
}): HelpRequestStatus {
  const { status, expiry, today, intermediaryStatus } = options;
  const isOpen = (OPEN_HELP_REQUEST_STATUSES as readonly string[]).includes(status);
  if (!isOpen) return status;
  if (expiry < today) return 'EXPIRED';
  if (intermediaryStatus === 'SUSPENDED') return 'SUSPENDED';
  return status;
}

export const INBOX_MESSAGES = {
  cannotReview: 'This request can no longer be reviewed.',
  notFound: 'Request not found.',
} as const;

/**
 * A missing section (no clientDetails at all) is parsed as an empty one, so each of its fields is
 * named with its own message rather than one error for the whole section.
 */
const MISSING = {} as never;

/** A required text: blank gets only the 'required' message, not every later check's too. */
const required = (message: string) => z.string({ error: message }).trim().min(1, { message, abort: true });

/** The largest vehicle value a help request takes: KES 10 billion. */
const MAX_VEHICLE_VALUE_KES = 10_000_000_000;

/** An amount typed in a form ('1,500,000', '1 500 000'; numbers.ts): '' and null read as missing. */
const typedVehicleValueSchema = amountSchema({
  required: HELP_REQUEST_MESSAGES.valueRequired,
  range: HELP_REQUEST_MESSAGES.valuePositive,
  tooLarge: HELP_REQUEST_MESSAGES.valueTooLarge,
  min: 1,
  max: MAX_VEHICLE_VALUE_KES,
});

/** The vehicle value on the wire (issue 29): integer cents of whole shillings, with the form's messages. */
const vehicleValueCentsSchema = z
  .int({
    error: (issue) =>
      issue.input === undefined || issue.input === null || issue.input === ''
        ? HELP_REQUEST_MESSAGES.valueRequired
        : NUMBER_MESSAGES.amountInvalid,
  })
  .min(100, { message: HELP_REQUEST_MESSAGES.valuePositive, abort: true })
  .max(MAX_VEHICLE_VALUE_KES * 100, { message: HELP_REQUEST_MESSAGES.valueTooLarge, abort: true })
  .refine((cents) => cents % 100 === 0, NUMBER_MESSAGES.amountWhole)
  .meta({ format: 'kes-cents', description: 'Kenya shillings in integer cents, whole shillings' });

const intermediaryIdValue = z.coerce
  .number({ error: HELP_REQUEST_MESSAGES.intermediaryInvalid })
  .int(HELP_REQUEST_MESSAGES.intermediaryInvalid)
  .positive(HELP_REQUEST_MESSAGES.intermediaryInvalid)
  .max(2_147_483_647, HELP_REQUEST_MESSAGES.intermediaryInvalid);

/**
 * `underwriting / quotation / createHelpRequest` (spec-2 §3 "Help request"), validated with §5's
 * messages. `today` answers Kenya's date (YYYY-MM-DD) when the form is checked: the expiry may be
 * today but not before. A signed-out visitor adds the `verificationRef` and `code` of the e-mail
 * check (`requestHelpCode`); a signed-in client leaves them out.
 */
export function createHelpRequestSchema(options: { today: () => string }) {
  return helpRequestSchemaWith(vehicleValueCentsSchema, options);
}

/** The help form as typed: the same checks, the vehicle value in shillings as people write it. */
export function createHelpRequestFormSchema(options: { today: () => string }) {
  return helpRequestSchemaWith(typedVehicleValueSchema, options);
}

function helpRequestSchemaWith<Value extends z.ZodType<number, unknown>>(
  vehicleValueSchema: Value,
  options: { today: () => string },
) {
  const m = HELP_REQUEST_MESSAGES;
  return z.object({
    entityRefs: z
      .array(intermediaryIdValue, { error: m.intermediariesRequired })
      .min(1, m.intermediariesRequired)
      .max(MAX_HELP_REQUEST_INTERMEDIARIES, m.intermediariesTooMany)
      .transform((ids) => [...new Set(ids)]),
    expiry: required(m.expiryRequired).superRefine((expiry, context) => {
      const today = options.today();
      if (!isCalendarDate(expiry)) context.addIssue({ code: 'custom', message: m.expiryNotADate });
      else if (expiry < today) context.addIssue({ code: 'custom', message: m.expiryPast });
      else if (expiry > addCalendarDays(today, HELP_REQUEST_MAX_DAYS_AHEAD))
        context.addIssue({ code: 'custom', message: m.expiryTooFar });
    }),
    status: z.literal('PENDING', { error: m.statusPending }).default('PENDING'),
    remarks: required(m.remarksRequired).min(10, m.remarksLength).max(2000, m.remarksTooLong),
    clientDetails: z
      .object({
        names: z
          .object({
            firstName: personNameSchema(m.firstNameRequired, m.firstNameLetters),
            lastName: personNameSchema(m.lastNameRequired, m.lastNameLetters),
          })
          .prefault(MISSING),
        email: emailSchema,
        kraPin: required(m.kraPinRequired)
          .transform((pin) => pin.toUpperCase())
          .pipe(z.string().regex(KRA_PIN_PATTERN, m.kraPinInvalid)),
      })
      .prefault(MISSING),
    riskDetails: z
      .object({
        value: vehicleValueSchema,
        chassisNumber: required(m.chassisRequired)
          .transform(normaliseChassisNumber)
          .pipe(z.string().refine(isChassisNumber, m.chassisLength)),
        regNo: required(m.registrationRequired)
          .transform((plate) => plate.toUpperCase().replace(/\s+/g, ' '))
          .pipe(z.string().regex(REGISTRATION_PATTERN, m.registrationInvalid)),
      })
      .prefault(MISSING),
    verificationRef: z.string().uuid(m.verificationRefInvalid).optional(),
    code: codeSchema.optional(),
  });
}
/** The request on the wire: the vehicle value in cents. */
export type CreateHelpRequestInput = z.infer<ReturnType<typeof createHelpRequestSchema>>;
/** The form as checked: the vehicle value in whole shillings. */
export type HelpRequestFormInput = z.infer<ReturnType<typeof createHelpRequestFormSchema>>;

/** `underwriting / quotation / requestHelpCode`: a signed-out visitor's e-mail to verify. */
export const requestHelpCodeSchema = z.object({ email: emailSchema });

const pageNumber = z.coerce.number().int().min(1).max(100_000);
const pageSizeNumber = z.coerce.number().int().min(1).max(100);

/**
 * `underwriting / quotation / listIntermediaries`: the spec sends nothing and reads the plain list;
 * `search` filters on name, e-mail and phone; with `page` or `pageSize` the answer is a page object.
 */
export const listIntermediariesSchema = z.object({
  search: z.string().trim().max(100, 'The search is too long.').optional(),
  page: pageNumber.optional(),
  pageSize: pageSizeNumber.optional(),
});

export const intermediaryIdSchema = z.object({
  id: z.coerce
    .number({ error: 'Intermediary id is required.' })
    .int('Intermediary id is required.')
    .positive('Intermediary id is required.')
    .max(2_147_483_647, 'Intermediary not found.'),
});

/** Paging of back-office lists: pages count from 1. */
export const pageInputSchema = z.object({
  page: pageNumber.default(1),
  pageSize: pageSizeNumber.default(20),
});

/** `intermediary / request / listRequests`. */
export const listHelpRequestsSchema = pageInputSchema.extend({
  status: z.enum(HELP_REQUEST_STATUSES, { error: 'Unknown request status.' }).optional(),
});

/** `intermediary / request / getRequest` and `startReview`: the firm's request row id. */
export const helpRequestIdSchema = z.object({
  id: z.coerce
    .number({ error: 'Request id is required.' })
    .int('Request id is required.')
    .positive('Request id is required.')
    .max(2_147_483_647, INBOX_MESSAGES.notFound),
});

export const INTERMEDIARY_MESSAGES = {
  namesRequired: 'Intermediary name is required',
  categoryRequired: 'Choose the category: BROKER or AGENT.',
  licenceRequired: 'IRA licence number is required',
  phoneRequired: ACCOUNT_MESSAGES.phoneRequired,
  phoneInvalid: ACCOUNT_MESSAGES.phoneInvalid,
  addressRequired: ACCOUNT_MESSAGES.addressRequired,
  addressLength: ACCOUNT_MESSAGES.addressLength,
  reasonRequired: 'Give the reason for the suspension.',
  reasonLength: 'The reason must be at least 5 characters.',
  notFound: 'Intermediary not found.',
  cannotApprove: 'Only a pending or suspended intermediary can be approved.',
  cannotSuspend: 'Only an active intermediary can be suspended.',
  emailTaken: 'An intermediary with this e-mail already exists.',
} as const;

/** A Kenyan phone as people type it (parseKenyanPhone), kept as +2547XXXXXXXX. */
export const intermediaryPhoneSchema = kenyanPhoneSchema({
  required: INTERMEDIARY_MESSAGES.phoneRequired,
  invalid: INTERMEDIARY_MESSAGES.phoneInvalid,
  format: 'e164',
});

/** `admin / intermediary / createIntermediary`: a new firm starts PENDING until approved. */
export const createIntermediarySchema = z.object({
  intermediaryNames: required(INTERMEDIARY_MESSAGES.namesRequired).max(150, 'The name is too long.'),
  category: choiceSchema(INTERMEDIARY_CATEGORIES, INTERMEDIARY_MESSAGES.categoryRequired),
  primaryEmail: emailSchema,
  phone: intermediaryPhoneSchema,
  iraLicenceNumber: required(INTERMEDIARY_MESSAGES.licenceRequired).max(
    50,
    'The licence number is too long.',
  ),
  description: z.string().trim().max(1000, 'The description is too long.').optional().default(''),
  physicalAddress: required(INTERMEDIARY_MESSAGES.addressRequired)
    .min(10, INTERMEDIARY_MESSAGES.addressLength)
    .max(300, 'Address is too long.'),
  profileImage: z
    .string()
    .trim()
    .regex(/^\/images\/[A-Za-z0-9/_.-]+$/, 'The logo must be a path under /images/.')
    .nullable()
    .optional()
    .default(null),
});
export type CreateIntermediaryInput = z.infer<typeof createIntermediarySchema>;

/** `admin / intermediary / listIntermediaries`: every status, paged. */
export const adminListIntermediariesSchema = pageInputSchema.extend({
  search: z.string().trim().max(100, 'The search is too long.').optional(),
  status: z.enum(INTERMEDIARY_STATUSES, { error: 'Unknown intermediary status.' }).optional(),
  category: choiceSchema(INTERMEDIARY_CATEGORIES, INTERMEDIARY_MESSAGES.categoryRequired).optional(),
});

export const suspendIntermediarySchema = intermediaryIdSchema.extend({
  reason: required(INTERMEDIARY_MESSAGES.reasonRequired)
    .min(5, INTERMEDIARY_MESSAGES.reasonLength)
    .max(500, 'The reason is too long.'),
});

/**
 * A search typed as a phone number ('0712 345 678', '+254712345678', '712345'), reduced to the digits
 * after +254; null when the search is not a phone number (letters, or fewer than 3 digits).
 */
export function phoneSearchDigits(search: string): string | null {
  const compact = search.replace(/[\s()+-]/g, '');
  if (!/^\d{3,15}$/.test(compact)) return null;
  const digits = compact.replace(/^(?:00)?254/, '').replace(/^0/, '');
  return digits.length > 0 ? digits : null;
}
