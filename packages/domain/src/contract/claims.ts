import { z } from 'zod';
import {
  assessmentAnswersCentsSchema,
  assessmentShareSchema,
  BUSINESS_KINDS,
  EXISTING_COVERS,
  HOME_PREMISES,
  HOME_TENURES,
  sharedAssessmentPageSchema,
  sharedAssessmentRefSchema,
  VEHICLE_USES,
} from '../assessment';
import {
  appointAssessorSchema,
  approveClaimSchema,
  CLAIM_DOCUMENT_TYPES,
  CLAIM_STATUSES,
  CLAIM_TYPES,
  claimIdSchema,
  declineClaimSchema,
  listClaimsSchema,
  recordAssessmentSchema,
  reportClaimSchema,
  requestClaimDocumentsSchema,
  resolvePayoutSchema,
  settleClaimSchema,
} from '../claims';
import { CONSTRUCTION_TYPES } from '../classes';
import { pageInputSchema } from '../intermediaries';
import { statementQuerySchema, walletPageSchema, walletTopUpSchema } from '../wallet';
import { type Contract, cents, contract, day, pageOf, timestamp } from './define';

const claimStatus = z.enum(CLAIM_STATUSES);
const claimType = z.enum(CLAIM_TYPES);
const documentType = z.enum(CLAIM_DOCUMENT_TYPES);

/** One claim in a list (the client's claims, the desk's queue). */
export const claimSummarySchema = z.object({
  id: z.int(),
  claimRef: z.string(),
  type: claimType,
  status: claimStatus,
  incidentDate: day(),
  place: z.string(),
  createdAt: timestamp(),
  updatedAt: timestamp(),
  policyNumber: z.string(),
  underwriter: z.string(),
  /** The claimant (staff only; null for the client). */
  client: z.object({ name: z.string(), email: z.string() }).nullable(),
  /**
   * A monthly-paid policy (issue 31), staff only: whether the incident date falls within a paid
   * month's cover; false is flagged "Not in a paid month". Null for an annual policy (and the client).
   */
  inPaidMonth: z.boolean().nullable(),
});

/** A file attached to a claim, with its link signed for the reader (10 minutes). */
export const claimFileSchema = z.object({
  id: z.string(),
  name: z.string(),
  contentType: z.string(),
  size: z.int(),
  category: z.string(),
  uploadedBy: z.string().nullable(),
  createdAt: timestamp(),
  url: z.string(),
});

export const claimTimelineEntrySchema = z.object({
  id: z.int(),
  event: z.string(),
  status: claimStatus,
  note: z.string().nullable(),
  at: timestamp(),
  by: z
    .object({ name: z.string(), role: z.string().nullable(), organisation: z.string().nullable() })
    .nullable(),
});

export const claimSettlementSchema = z.object({
  method: z.enum(['mpesa', 'garage']),
  amount: cents(),
  status: z.enum(['pending', 'success', 'failed', 'timeout', 'unresolved']),
  /** How the state reads (English; the web translates it). */
  statusLabel: z.string(),
  phone: z.string().nullable(),
  garageName: z.string().nullable(),
  /** The M-Pesa receipt or the garage's reference. */
  reference: z.string().nullable(),
  resultDesc: z.string().nullable(),
  createdAt: timestamp(),
  settledAt: timestamp().nullable(),
  /** Transaction Status queries sent while its result was missing, and when the last one went. */
  checks: z.int(),
  lastCheckedAt: timestamp().nullable(),
});

/** One claim in full, as the client and the desk read it; every amount in cents. */
export const claimDetailsSchema = z.object({
  id: z.int(),
  claimRef: z.string(),
  type: claimType,
  status: claimStatus,
  incidentDate: day(),
  place: z.string(),
  description: z.string(),
  obNumber: z.string().nullable(),
  otherParty: z.record(z.string(), z.string()).nullable(),
  createdAt: timestamp(),
  policy: z
    .object({
      policyNumber: z.string(),
      startDate: day(),
      endDate: day(),
      productName: z.string(),
      underwriter: z.string(),
      vehicle: z.record(z.string(), z.unknown()),
      intermediary: z.string().nullable(),
    })
    .nullable(),
  /**
   * A monthly-paid policy (issue 31), staff only: whether the incident date falls within a paid
   * month's cover; false is flagged "Not in a paid month". Null for an annual policy (and the client).
   */
  inPaidMonth: z.boolean().nullable(),
  /** The claimant: the e-mail for staff only. */
  client: z.object({ name: z.string(), email: z.string().nullable() }).nullable(),
  /** The policy's excess this claim deducts (it may carry cents). */
  excess: cents(),
  sumInsured: cents(),
  assessor: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** The assessor's report (the handling desk and admins only). */
  assessmentReport: z.string().nullable(),
  assessedLoss: cents().nullable(),
  agreedLoss: cents().nullable(),
  /** The agreed loss less the excess, in whole shillings: what is paid. */
  approvedAmount: cents().nullable(),
  declineReason: z.string().nullable(),
  documents: z.object({
    required: z.array(documentType),
    requested: z.array(documentType),
    missing: z.array(documentType),
    /** Requested by the insurer and still missing: approving waives them (approveClaim `waivedDocuments`). */
    toWaive: z.array(documentType),
    labels: z.record(z.string(), z.string()),
  }),
  files: z.array(claimFileSchema),
  canUpload: z.boolean(),
  timeline: z.array(claimTimelineEntrySchema),
  /** The claimant's M-Pesa number (07…), to prefill the payout: the desk only, while APPROVED. */
  payoutPhone: z.string().nullable(),
  /** The prefilled claim form PDF, signed for the reader (10 minutes; ?lang=sw|en). */
  claimFormUrl: z.string().nullable(),
  settlements: z.array(claimSettlementSchema),
  /** The desk steps the caller may take now. */
  actions: z.object({
    requestDocuments: z.boolean(),
    appointAssessor: z.boolean(),
    recordAssessment: z.boolean(),
    approve: z.boolean(),
    decline: z.boolean(),
    settle: z.boolean(),
    resolvePayout: z.boolean(),
    close: z.boolean(),
  }),
});

const claimPage = pageOf(claimSummarySchema);

/** One movement of the wallet, newest first, with the balance after it (cents: + in, − out). */
export const walletMovementSchema = z.object({
  id: z.int(),
  kind: z.string(),
  /** In the reader's language. */
  description: z.string(),
  /** The M-Pesa receipt, else the ledger's reference. */
  reference: z.string().nullable(),
  occurredAt: timestamp(),
  amount: cents(),
  balanceAfter: cents(),
});

/** One line of the client's statement (a positive balance is owed, a negative one is credit). */
export const statementLineSchema = z.object({
  id: z.int(),
  occurredAt: timestamp(),
  /** The account in the reader's language ('Wallet', 'Invoice INV-…', 'Loan …', 'School fees …'). */
  account: z.string(),
  kind: z.string(),
  reference: z.string().nullable(),
  description: z.string(),
  debit: cents(),
  credit: cents(),
  balance: cents(),
});

const assessmentCover = z.enum([
  'motor-private',
  'motor-commercial',
  'fire-domestic',
  'theft-insurance',
  'medical',
  'life-assurance',
]);

/** The questionnaire's answers as saved, amounts in cents (kept in whole shillings, converted to answer). */
export const assessmentAnswersViewSchema = z.object({
  household: z.object({ adults: z.int(), children: z.int() }),
  dependants: z.int(),
  vehicles: z.array(z.object({ use: z.enum(VEHICLE_USES), value: cents() })),
  home: z.object({
    tenure: z.enum(HOME_TENURES),
    premises: z.enum(HOME_PREMISES),
    construction: z.enum(CONSTRUCTION_TYPES),
    buildingValue: cents(),
    contentsValue: cents(),
  }),
  business: z.object({ kind: z.enum(BUSINESS_KINDS), stockValue: cents() }),
  existingCovers: z.array(z.enum(EXISTING_COVERS)),
  monthlyBudget: cents(),
});

/** What the assessment suggests, amounts in cents. */
export const assessmentResultSchema = z.object({
  suggestions: z.array(
    z.object({
      id: z.string(),
      cover: assessmentCover,
      name: z.string(),
      priority: z.enum(['essential', 'recommended', 'consider']),
      isCovered: z.boolean(),
      sumInsured: cents(),
      reasons: z.array(z.string()),
      missing: z.array(z.string()),
      quote: z.object({ routeName: assessmentCover, params: z.record(z.string(), z.string()) }),
      /** The cheapest live product's premium for `periodDays` (a year), or null when none prices it. */
      estimate: z
        .object({
          premium: cents(),
          productName: z.string(),
          underwriter: z.string(),
          periodDays: z.int(),
        })
        .nullable(),
    }),
  ),
  annualTotal: cents().nullable(),
  budget: z.object({
    monthlyBudget: cents(),
    message: z.string(),
    isWithin: z.boolean().nullable(),
    monthlyEquivalent: cents().nullable(),
  }),
});

/** The client's own assessment: answers and result null before the first save; the firms it may go to. */
export const ownAssessmentSchema = z.object({
  answers: assessmentAnswersViewSchema.nullable(),
  updatedAt: timestamp().nullable(),
  result: assessmentResultSchema.nullable(),
  /** The ACTIVE firms the client works with, and whether each reads the assessment. */
  intermediaries: z.array(
    z.object({
      id: z.int(),
      name: z.string(),
      category: z.string(),
      isShared: z.boolean(),
      sharedAt: timestamp().nullable(),
    }),
  ),
});

export const sharedAssessmentItemSchema = z.object({
  id: z.int(),
  clientName: z.string(),
  email: z.string(),
  sharedAt: timestamp(),
  updatedAt: timestamp(),
});

/** Claims and the claims desk, assessments, the wallet. */
export const claimContracts = {
  'client/claim/reportClaim': contract(
    // The action checks the date against the Kenyan day it runs on (reportClaimSchema's factory).
    reportClaimSchema({ today: () => '9999-12-31' }),
    z.object({ id: z.int(), claimRef: z.string(), status: claimStatus }),
  ),
  'client/claim/listClaims': contract(pageInputSchema, claimPage),
  'client/claim/getClaim': contract(claimIdSchema, claimDetailsSchema),
  'claims/desk/listClaims': contract(listClaimsSchema, claimPage),
  'claims/desk/getClaim': contract(claimIdSchema, claimDetailsSchema),
  'claims/desk/listAssessors': contract(
    claimIdSchema,
    z.array(z.object({ id: z.string(), name: z.string(), email: z.string() })),
  ),
  'claims/desk/requestDocuments': contract(requestClaimDocumentsSchema, claimDetailsSchema),
  'claims/desk/appointAssessor': contract(appointAssessorSchema, claimDetailsSchema),
  'claims/desk/recordAssessment': contract(recordAssessmentSchema, claimDetailsSchema),
  'claims/desk/approveClaim': contract(approveClaimSchema, claimDetailsSchema),
  'claims/desk/declineClaim': contract(declineClaimSchema, claimDetailsSchema),
  'claims/desk/settleClaim': contract(settleClaimSchema, claimDetailsSchema),
  'claims/desk/resolvePayout': contract(resolvePayoutSchema, claimDetailsSchema),
  'claims/desk/closeClaim': contract(claimIdSchema, claimDetailsSchema),

  'client/assessment/getAssessment': contract(z.object({}), ownAssessmentSchema),
  'client/assessment/saveAssessment': contract(
    z.object({ answers: assessmentAnswersCentsSchema }),
    ownAssessmentSchema,
  ),
  'client/assessment/shareAssessment': contract(assessmentShareSchema, ownAssessmentSchema),
  'client/assessment/unshareAssessment': contract(assessmentShareSchema, ownAssessmentSchema),
  'intermediary/assessment/listShared': contract(
    sharedAssessmentPageSchema,
    pageOf(sharedAssessmentItemSchema),
  ),
  'intermediary/assessment/getShared': contract(
    sharedAssessmentRefSchema,
    sharedAssessmentItemSchema.extend({
      answers: assessmentAnswersViewSchema,
      result: assessmentResultSchema,
    }),
  ),

  'client/wallet/getWallet': contract(
    z.object({}).passthrough(),
    /** The balance (from the ledger) and the most one M-Pesa prompt may bring. */
    z.object({ balance: cents(), maxTopUp: cents() }),
  ),
  'client/wallet/topUp': contract(
    walletTopUpSchema,
    z.object({
      paymentRef: z.string(),
      status: z.literal('pending'),
      customerMessage: z.string(),
      amount: cents(),
    }),
  ),
  'client/wallet/listTransactions': contract(
    walletPageSchema,
    pageOf(walletMovementSchema).extend({ balance: cents() }),
  ),
  'client/account/getStatement': contract(
    statementQuerySchema,
    pageOf(statementLineSchema).extend({
      from: day(),
      to: day(),
      openingBalance: cents(),
      closingBalance: cents(),
      totalDebits: cents(),
      totalCredits: cents(),
      /** The statement as PDF and CSV, links signed for 10 minutes. */
      downloads: z.object({ pdf: z.string(), csv: z.string() }),
    }),
  ),
} satisfies Record<string, Contract>;
