import { z } from 'zod';
import { resolveReceiptSchema, searchPoliciesSchema } from '../backoffice-search';
import { STAFF_ROLES, USER_ROLES } from '../gateway-contract';
import {
  adminListIntermediariesSchema,
  createHelpRequestSchema,
  createIntermediarySchema,
  HELP_REQUEST_STATUSES,
  helpRequestIdSchema,
  INTERMEDIARY_CATEGORIES,
  INTERMEDIARY_STATUSES,
  intermediaryIdSchema,
  listHelpRequestsSchema,
  listIntermediariesSchema,
  pageInputSchema,
  requestHelpCodeSchema,
  suspendIntermediarySchema,
} from '../intermediaries';
import { listJobsSchema, listMailQueueSchema, retryJobSchema, retryMailSchema } from '../notifications';
import {
  adminListProductsSchema,
  adminListProductVersionsSchema,
  adminProductRefSchema,
  adminProductVersionSchema,
  adminSetProductActiveSchema,
  adminUpdateProductSchema,
  productConfigurationOutputSchema,
} from '../product-admin';
import {
  acceptRecommendationSchema,
  clientRecommendationsSchema,
  commissionStatementSchema,
  priceProductsSchema,
  RECOMMENDATION_STATUSES,
  rejectRecommendationSchema,
  sendRecommendationSchema,
} from '../recommendations';
import { listSmsQueueSchema, retrySmsSchema } from '../sms-queue';
import {
  acceptInvitationSchema,
  inviteStaffSchema,
  listAuditLogSchema,
  listStaffSchema,
  setCommissionRateSchema,
  staffUserIdSchema,
  USER_STATUSES,
} from '../staff';
import { WORK_AGES } from '../staff-work';
import { type Contract, cents, contract, day, pageOf, timestamp } from './define';

const noInput = () => z.object({});
const names = z.object({ firstName: z.string(), lastName: z.string() });

// ── Staff ────────────────────────────────────────────────────────────────────────────────────────

/** A staff user as admins (and the user themself) see them: never the password hash. */
export const staffUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  names,
  role: z.enum(STAFF_ROLES),
  status: z.enum(USER_STATUSES),
  intermediary: z
    .object({ id: z.int(), intermediaryNames: z.string().nullable(), status: z.string().nullable() })
    .nullable(),
  underwriter: z.object({ id: z.string(), name: z.string().nullable() }).nullable(),
  /** The lender of a lender user (premium financing). */
  lender: z.object({ id: z.int(), name: z.string().nullable() }).nullable(),
  createdAt: timestamp(),
  disabledAt: timestamp().nullable(),
});

/** The user as a sign-in presents them. */
const signedInUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  names,
  role: z.string(),
  status: z.string(),
  intermediaryId: z.int().nullable(),
  underwriterId: z.string().nullable(),
});

/** An accepted invitation: signed in (login's answer), or not yet when the user's firm is not ACTIVE. */
const acceptedInvitationSchema = z.union([
  z.object({
    signedIn: z.literal(true),
    user: signedInUserSchema,
    role: z.enum(USER_ROLES),
    accessToken: z.string(),
    refreshToken: z.string(),
    expiresIn: z.int(),
  }),
  z.object({ signedIn: z.literal(false), message: z.string(), user: signedInUserSchema, role: z.string() }),
]);

const workByAge = z.object({
  ...Object.fromEntries(WORK_AGES.map((age) => [age, z.int()])),
  total: z.int(),
}) as z.ZodObject<Record<(typeof WORK_AGES)[number] | 'total', z.ZodInt>>;

/** The work waiting for the signed-in staff member, by role. */
export const staffWorkSchema = z.discriminatedUnion('role', [
  z.object({ role: z.literal('underwriter'), openClaims: workByAge, reportedClaims: z.int() }),
  z.object({ role: z.literal('intermediary'), waitingRequests: workByAge, awaitingRecommendations: z.int() }),
  z.object({ role: z.literal('lender'), waitingApplications: workByAge }),
  z.object({
    role: z.literal('admin'),
    openClaims: workByAge,
    failingMail: z.int(),
    failedJobs: z.int(),
    pendingInvitations: z.int(),
    pendingFirms: z.int(),
    openReceipts: z.int(),
  }),
]);

// ── Intermediaries ───────────────────────────────────────────────────────────────────────────────

/** An intermediary as the client's directory and the help form read it. */
export const intermediaryListItemSchema = z.object({
  id: z.int(),
  status: z.enum(INTERMEDIARY_STATUSES),
  intermediaryNames: z.string(),
  primaryEmail: z.string(),
  phone: z.string(),
  /** A logo path served by the web app, or null: show the default logo. */
  profileImage: z.string().nullable(),
  category: z.enum(INTERMEDIARY_CATEGORIES),
  iraLicenceNumber: z.string(),
});

/** A firm's details as a client sees them. */
export const intermediaryDetailsSchema = intermediaryListItemSchema.extend({
  systemRef: z.string(),
  description: z.string(),
  physicalAddress: z.string(),
  isSampleData: z.boolean(),
});

/** A firm as an admin sees it: everything, with how many users it has. */
export const adminIntermediarySchema = intermediaryDetailsSchema.extend({
  suspendedReason: z.string().nullable(),
  suspendedAt: timestamp().nullable(),
  createdAt: timestamp(),
  updatedAt: timestamp(),
  userCount: z.int(),
});

// ── Help requests ────────────────────────────────────────────────────────────────────────────────

const firmRef = z.object({ id: z.int(), intermediaryNames: z.string() });

/** A request row in the intermediaries' inbox. */
export const inboxItemSchema = z.object({
  id: z.int(),
  requestSystemRef: z.string(),
  status: z.enum(HELP_REQUEST_STATUSES),
  expiry: day(),
  createdAt: timestamp(),
  client: z.object({ names, email: z.string() }),
  risk: z.object({ value: cents(), regNo: z.string().nullable() }),
  intermediary: firmRef,
});

/** A recommendation's quotation in brief (the intermediary's view and the client's list). */
const recommendedQuotationSchema = z.object({
  systemQuotationRef: z.string(),
  productSystemRef: z.string(),
  productName: z.string(),
  underwriter: z.string(),
  premium: cents(),
  period: z.int(),
  startDate: day(),
  expiresAt: timestamp(),
});

/** One request row in full, with its history and the firm's recommendation. */
export const inboxRequestSchema = inboxItemSchema.extend({
  remarks: z.string().nullable(),
  client: z.object({ names, email: z.string(), kraPin: z.string().nullable() }),
  risk: z.object({ value: cents(), regNo: z.string().nullable(), chassisNumber: z.string().nullable() }),
  history: z.array(
    z.object({
      from: z.string().nullable(),
      status: z.string(),
      at: timestamp(),
      by: z
        .object({ names: z.object({ firstName: z.string(), lastName: z.string().nullable() }) })
        .nullable(),
    }),
  ),
  /** The client's needs assessment shared with the firm (intermediary / assessment / getShared). */
  sharedAssessmentId: z.int().nullable(),
  recommendation: z
    .object({
      id: z.int(),
      systemRef: z.string(),
      status: z.enum(RECOMMENDATION_STATUSES),
      note: z.string().nullable(),
      rejectionReason: z.string().nullable(),
      createdAt: timestamp(),
      decidedAt: timestamp().nullable(),
      quotations: z.array(recommendedQuotationSchema.extend({ accepted: z.boolean() })),
    })
    .nullable(),
});

/** The client's own help request, with each firm's status and recommendations. */
export const clientHelpRequestSchema = z.object({
  requestSystemRef: z.string(),
  createdAt: timestamp(),
  expiry: day(),
  risk: z.object({ value: cents(), regNo: z.string().nullable() }),
  remarks: z.string().nullable(),
  intermediaries: z.array(
    firmRef.extend({
      status: z.enum(HELP_REQUEST_STATUSES),
      recommendations: z.array(
        z.object({
          id: z.int(),
          systemRef: z.string(),
          status: z.enum(RECOMMENDATION_STATUSES),
          createdAt: timestamp(),
        }),
      ),
    }),
  ),
});

// ── Recommendations ──────────────────────────────────────────────────────────────────────────────

/**
 * A priced product as `productPremiumCalc` answers it (the purchase contract's quote). Only the
 * fields the back office reads are named here; the rest pass as they are (same answer as the quote).
 */
const pricedQuoteSchema = z.looseObject({
  productSystemRef: z.string(),
  productName: z.string(),
  underwriter: z.looseObject({ id: z.string(), name: z.string() }),
  coverType: z.string(),
  period: z.int(),
  benefits: z.array(
    z.looseObject({
      benefitSystemRef: z.string(),
      name: z.string(),
      benefitType: z.string(),
      limit: cents(),
      premium: cents(),
    }),
  ),
  total: cents(),
});

const recommendationHead = {
  id: z.int(),
  systemRef: z.string(),
  status: z.enum(RECOMMENDATION_STATUSES),
  requestSystemRef: z.string(),
  intermediary: z.object({ id: z.int(), intermediaryNames: z.string(), profileImage: z.string().nullable() }),
  note: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  createdAt: timestamp(),
  decidedAt: timestamp().nullable(),
};

/** A client's received recommendation with its quotations in brief. */
export const clientRecommendationSchema = z.object({
  ...recommendationHead,
  quotations: z.array(
    recommendedQuotationSchema.extend({
      coverType: z.string(),
      isExpired: z.boolean(),
      accepted: z.boolean(),
    }),
  ),
});

// ── Commissions, audit, search, queues ───────────────────────────────────────────────────────────

const commissionRateSchema = z.object({
  classCode: z.string(),
  className: z.string(),
  rateBps: z.int(),
  capBps: z.int(),
  /** The rate as people read it: '10%'. */
  rate: z.string(),
  cap: z.string(),
  isSampleData: z.boolean(),
  updatedAt: timestamp(),
});

const commissionLineSchema = z.object({
  policyNumber: z.string(),
  client: z.object({ names, email: z.string().nullable() }),
  productName: z.string(),
  classCode: z.string(),
  className: z.string(),
  /** The invoice less levies. */
  premium: cents(),
  rateBps: z.int(),
  rate: z.string(),
  /** premium × rate, rounded half up once to the cent. */
  commission: cents(),
  date: timestamp(),
  intermediary: firmRef,
});

const auditEntrySchema = z.object({
  id: z.int(),
  at: timestamp(),
  actor: z.object({
    userId: z.string().nullable(),
    email: z.string().nullable(),
    name: z.string().nullable(),
    role: z.string(),
  }),
  /** What happened, as a sentence in the reader's language. */
  summary: z.string(),
  changes: z.array(
    z.object({ what: z.string(), before: z.string().nullable(), after: z.string().nullable() }),
  ),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string(),
  details: z.record(z.string(), z.unknown()),
});

const policySearchItemSchema = z.object({
  policyNumber: z.string(),
  client: z.object({ names: z.string(), email: z.string() }),
  registration: z.string().nullable(),
  productName: z.string(),
  underwriter: z.string(),
  premium: cents(),
  invoiceSystemRef: z.string(),
  receiptNumber: z.string().nullable(),
  startDate: day(),
  endDate: day(),
  /** Today, Kenya time. */
  status: z.enum(['ACTIVE', 'NOT_YET_IN_FORCE', 'EXPIRED', 'CANCELLED']),
  /** Paid by a premium-financing loan (the lender may cancel it for arrears). */
  isFinanced: z.boolean(),
  issuedAt: timestamp(),
});

const queuedMailSchema = z.object({
  id: z.int(),
  to: z.string(),
  subject: z.string(),
  status: z.enum(['pending', 'sent', 'failed']),
  attempts: z.int(),
  isFailing: z.boolean(),
  nextAttemptAt: timestamp().nullable(),
  lastError: z.string().nullable(),
  /** The attachments' file names. */
  attachments: z.array(z.string()),
  createdAt: timestamp(),
  sentAt: timestamp().nullable(),
});

/** A text message in the SMS queue (issue 32), with its delivery report. */
const queuedSmsSchema = z.object({
  id: z.int(),
  to: z.string(),
  /** What it tells of: a notification kind, 'phone_code', 'ussd_link', … */
  kind: z.string(),
  text: z.string(),
  status: z.enum(['pending', 'sent', 'failed']),
  attempts: z.int(),
  isFailing: z.boolean(),
  nextAttemptAt: timestamp().nullable(),
  lastError: z.string().nullable(),
  deliveryStatus: z.string().nullable(),
  deliveryFailureReason: z.string().nullable(),
  /** The text this one sends again after its delivery failed. */
  retryOf: z.int().nullable(),
  createdAt: timestamp(),
  sentAt: timestamp().nullable(),
  deliveredAt: timestamp().nullable(),
});

// ── Products (back office) ───────────────────────────────────────────────────────────────────────

const productUnderwriter = z.object({ id: z.string(), name: z.string() });
const productHead = {
  productSystemRef: z.string(),
  underwriter: productUnderwriter,
  classCode: z.string(),
  coverType: z.string(),
  version: z.int(),
  active: z.boolean(),
  updatedAt: timestamp(),
};
const editableProductSchema = z.object({ ...productHead, configuration: productConfigurationOutputSchema });
const versionHead = {
  version: z.int(),
  changedBy: z.object({ userId: z.string(), email: z.string(), name: z.string() }).nullable(),
  changeSummary: z.string().nullable(),
  createdAt: timestamp(),
};

/** Staff, intermediaries, help requests, recommendations, commissions, audit, search, queues, products. */
export const backOfficeContracts = {
  // Staff
  'user/registration/acceptInvitation': contract(acceptInvitationSchema, acceptedInvitationSchema),
  'staff/account/getProfile': contract(noInput(), staffUserSchema),
  'admin/staff/inviteStaff': contract(inviteStaffSchema, staffUserSchema),
  'admin/staff/listStaff': contract(listStaffSchema, pageOf(staffUserSchema)),
  'admin/staff/disableStaff': contract(staffUserIdSchema, staffUserSchema),
  'admin/staff/enableStaff': contract(staffUserIdSchema, staffUserSchema),
  'staff/dashboard/getWork': contract(noInput(), staffWorkSchema),

  // Intermediaries
  'underwriting/quotation/listIntermediaries': contract(
    listIntermediariesSchema,
    z.union([z.array(intermediaryListItemSchema), pageOf(intermediaryListItemSchema)]),
  ),
  'underwriting/quotation/getIntermediary': contract(intermediaryIdSchema, intermediaryDetailsSchema),
  'admin/intermediary/listIntermediaries': contract(
    adminListIntermediariesSchema,
    pageOf(adminIntermediarySchema),
  ),
  'admin/intermediary/createIntermediary': contract(createIntermediarySchema, adminIntermediarySchema),
  'admin/intermediary/approveIntermediary': contract(intermediaryIdSchema, adminIntermediarySchema),
  'admin/intermediary/suspendIntermediary': contract(suspendIntermediarySchema, adminIntermediarySchema),

  // Help requests
  'underwriting/quotation/helpEntities': contract(
    noInput(),
    z.object({
      intermediaries: z.array(intermediaryListItemSchema),
      prefill: z
        .object({
          firstName: z.string(),
          lastName: z.string(),
          email: z.string(),
          kraPin: z.string().nullable(),
        })
        .nullable(),
    }),
  ),
  'underwriting/quotation/requestHelpCode': contract(
    requestHelpCodeSchema,
    z.object({ verificationRef: z.string() }),
  ),
  'underwriting/quotation/createHelpRequest': contract(
    createHelpRequestSchema({ today: () => new Date().toISOString().slice(0, 10) }),
    z.object({
      requestSystemRef: z.string(),
      status: z.literal('PENDING'),
      intermediaries: z.array(firmRef),
    }),
  ),
  'client/helpRequest/listHelpRequests': contract(pageInputSchema, pageOf(clientHelpRequestSchema)),
  'intermediary/request/listRequests': contract(
    listHelpRequestsSchema,
    pageOf(inboxItemSchema).extend({ newCount: z.int() }),
  ),
  'intermediary/request/getRequest': contract(helpRequestIdSchema, inboxRequestSchema),
  'intermediary/request/startReview': contract(helpRequestIdSchema, inboxRequestSchema),

  // Recommendations
  'intermediary/recommendation/priceProducts': contract(
    priceProductsSchema,
    z.object({
      requestId: z.int(),
      vehicleValue: cents(),
      coverPeriod: z.int(),
      quotes: z.array(
        z.discriminatedUnion('ok', [
          z.object({
            productSystemRef: z.string(),
            ok: z.literal(true),
            productVersion: z.int(),
            quote: pricedQuoteSchema,
          }),
          z.object({
            productSystemRef: z.string(),
            ok: z.literal(false),
            message: z.string(),
            errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
          }),
        ]),
      ),
    }),
  ),
  'intermediary/recommendation/sendRecommendation': contract(
    sendRecommendationSchema,
    z.object({
      id: z.int(),
      systemRef: z.string(),
      status: z.enum(RECOMMENDATION_STATUSES),
      requestId: z.int(),
      requestStatus: z.literal('QUOTED'),
      reviewUrl: z.string(),
      quotations: z.array(recommendedQuotationSchema),
    }),
  ),
  'underwriting/quotation/clientQuotationRequest': contract(
    clientRecommendationsSchema,
    pageOf(clientRecommendationSchema),
  ),
  'underwriting/quotation/acceptReccommendation': contract(
    acceptRecommendationSchema,
    z.object({
      id: z.int(),
      status: z.literal('ACCEPTED'),
      systemQuotationRef: z.string(),
      invoiceSystemRef: z.string(),
      // The invoice's amount, in cents as completeQuotation answers it.
      amount: cents(),
      invoiceStatus: z.string(),
    }),
  ),
  'underwriting/quotation/acceptOrRejectQuotationRequest': contract(
    rejectRecommendationSchema,
    // The recommendation as getQuotationDetails {id} answers it; its quotations are the purchase
    // contract's quotations (named there), each with whether it was the one accepted.
    z.object({ ...recommendationHead, quotations: z.array(z.looseObject({ accepted: z.boolean() })) }),
  ),

  // Commissions
  'admin/commission/listRates': contract(
    noInput(),
    z.object({ items: z.array(commissionRateSchema), disclaimer: z.string() }),
  ),
  'admin/commission/setRate': contract(setCommissionRateSchema, commissionRateSchema),
  'intermediary/commission/getStatement': contract(
    commissionStatementSchema,
    pageOf(commissionLineSchema).extend({
      totals: z.object({ count: z.int(), premium: cents(), commission: cents() }),
      firmId: z.int().nullable(),
    }),
  ),

  // Audit, search, receipts, queues
  'admin/audit/listAuditLog': contract(listAuditLogSchema, pageOf(auditEntrySchema)),
  'backoffice/policy/searchPolicies': contract(searchPoliciesSchema, pageOf(policySearchItemSchema)),
  'payments/unallocatedReceipt/resolveReceipt': contract(
    resolveReceiptSchema,
    z.object({ receiptSystemRef: z.string(), status: z.string(), resolvedAt: timestamp().nullable() }),
  ),
  'admin/mailQueue/listMailQueue': contract(
    listMailQueueSchema,
    pageOf(queuedMailSchema).extend({ failing: z.int() }),
  ),
  'admin/mailQueue/retryMail': contract(retryMailSchema, queuedMailSchema),
  'admin/smsQueue/listSmsQueue': contract(
    listSmsQueueSchema,
    pageOf(queuedSmsSchema).extend({ failing: z.int() }),
  ),
  'admin/smsQueue/retrySms': contract(retrySmsSchema, queuedSmsSchema),
  'admin/jobs/listJobs': contract(
    listJobsSchema,
    pageOf(
      z.object({
        id: z.string(),
        name: z.string(),
        attempts: z.int(),
        error: z.string().nullable(),
        createdAt: timestamp(),
        failedAt: timestamp().nullable(),
      }),
    ).extend({
      queues: z.array(z.object({ name: z.string(), queued: z.int(), active: z.int(), failed: z.int() })),
    }),
  ),
  'admin/jobs/retryJob': contract(retryJobSchema, z.object({ id: z.string(), status: z.literal('retry') })),

  // Products (back office)
  'backoffice/product/listProducts': contract(
    adminListProductsSchema,
    pageOf(
      z.object({
        productSystemRef: z.string(),
        name: z.string(),
        underwriter: productUnderwriter,
        classCode: z.string(),
        coverType: z.string(),
        rateBasis: z.string(),
        version: z.int(),
        active: z.boolean(),
        updatedAt: timestamp(),
      }),
    ),
  ),
  'backoffice/product/getProduct': contract(adminProductRefSchema, editableProductSchema),
  'backoffice/product/updateProduct': contract(adminUpdateProductSchema, editableProductSchema),
  'backoffice/product/setProductActive': contract(adminSetProductActiveSchema, editableProductSchema),
  'backoffice/product/listProductVersions': contract(
    adminListProductVersionsSchema,
    pageOf(z.object(versionHead)),
  ),
  'backoffice/product/getProductVersion': contract(
    adminProductVersionSchema,
    z.object({
      productSystemRef: z.string(),
      ...versionHead,
      isCurrent: z.boolean(),
      active: z.boolean(),
      configuration: productConfigurationOutputSchema,
    }),
  ),

  // Motor certificates through DMVIC: the queue of pending ones and the stock per insurer and type.
  'backoffice/certificate/certificateDesk': contract(
    noInput(),
    z.object({
      lowStockThreshold: z.int(),
      queue: z.array(
        z.object({
          id: z.int(),
          policyNumber: z.string(),
          registrationNumber: z.string(),
          insurer: z.string(),
          type: z.string(),
          status: z.enum(['pending', 'cancel_requested']),
          reason: z.string().nullable(),
          needsStaff: z.boolean(),
          attempts: z.int(),
          nextAttemptAt: timestamp().nullable(),
          certificateNumber: z.string().nullable(),
          createdAt: timestamp(),
        }),
      ),
      stock: z.array(
        z.object({
          underwriterId: z.string(),
          insurer: z.string(),
          type: z.string(),
          remaining: z.int(),
          checkedAt: timestamp(),
          low: z.boolean(),
        }),
      ),
    }),
  ),
  'backoffice/certificate/retryCertificate': contract(
    z.object({ id: z.int({ error: 'Choose a certificate.' }).positive() }),
    z.object({ id: z.int(), status: z.literal('pending') }),
  ),
} satisfies Record<string, Contract>;
