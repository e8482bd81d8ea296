import { z } from 'zod';
import { pageInputSchema } from '../intermediaries';
import { PRICING_MESSAGES, publishPricingTableSchema } from '../loan-pricing';
import {
  ipfApplySchema,
  ipfOfferSchema,
  LOAN_PRODUCTS,
  LOAN_STATUSES,
  lenderDeclineSchema,
  lenderListSchema,
  loanMpesaPaymentSchema,
  loanPageSchema,
  loanRefSchema,
  loanWalletPaymentSchema,
} from '../loans';
import {
  SCHOOL_LEVELS,
  schoolInvoiceRefSchema,
  schoolLinkChildSchema,
  schoolLoanApplySchema,
  schoolMpesaPaymentSchema,
  schoolPageSchema,
  schoolSearchSchema,
  schoolWalletPaymentSchema,
} from '../school';
import { type Contract, cents, contract, day, pageOf, timestamp } from './define';

// ---------------------------------------------------------------- offers (IPF and school fees)

/** One instalment of an offered schedule (cents). */
export const offeredInstalmentSchema = z.object({
  number: z.int(),
  dueDate: day(),
  amount: cents(),
  principal: cents(),
  fee: cents(),
});

/** One term a lender offers: its schedule, fee, total cost (cents) and rates (%). */
export const loanOptionSchema = z.object({
  months: z.int(),
  lender: z.object({ id: z.int(), name: z.string() }),
  principal: cents(),
  fee: cents(),
  totalRepayable: cents(),
  /** The fee as a percentage of the amount financed (e.g. 9.17). */
  feeRatePercent: z.number(),
  /** The yearly rate of the repayments (12 × the monthly rate), a percentage. */
  annualRatePercent: z.number(),
  firstInstalment: cents(),
  instalments: z.array(offeredInstalmentSchema),
});

/** What every product's offer answers: eligibility, the terms, the early-settlement rule. */
const loanOfferBase = z.object({
  eligible: z.boolean(),
  reason: z.string().nullable(),
  reasonCode: z.string().nullable(),
  openLoanRef: z.string().nullable(),
  earlySettlementRule: z.string(),
  options: z.array(loanOptionSchema),
});

export const ipfOfferAnswerSchema = loanOfferBase.extend({
  invoiceSystemRef: z.string(),
  productName: z.string(),
  /** What the invoice still owes: the amount financed. */
  premium: cents(),
  minPremium: cents(),
});

export const schoolLoanOfferAnswerSchema = loanOfferBase.extend({
  invoiceRef: z.string(),
  schoolName: z.string(),
  studentName: z.string(),
  term: z.string(),
  balance: cents(),
  minBalance: cents(),
});

// ---------------------------------------------------------------- loans

/** An instalment's state as a loan's view answers it ('closed': unpaid on a loan that ended). */
export const LOAN_INSTALMENT_STATES = ['paid', 'part-paid', 'overdue', 'due', 'upcoming', 'closed'] as const;

/** A loan or application as the client and the lender read it (amounts in cents). */
export const loanViewSchema = z.object({
  loanRef: z.string(),
  product: z.string(),
  status: z.enum(LOAN_STATUSES),
  lender: z.object({ id: z.int(), name: z.string() }),
  /** What the loan pays for (the product's own view): an IPF loan's invoice and policy… */
  invoiceSystemRef: z.string().optional(),
  productName: z.string().optional(),
  insurer: z.string().nullable().optional(),
  vehicle: z.string().nullable().optional(),
  policy: z
    .object({
      id: z.int(),
      policyNumber: z.string(),
      status: z.enum(['ACTIVE', 'EXPIRED', 'CANCELLED']),
      cancelledOn: day().nullable(),
    })
    .nullable()
    .optional(),
  /** …or a school fee loan's invoice. */
  schoolFees: z
    .object({
      invoiceRef: z.string(),
      term: z.string(),
      studentName: z.string(),
      admissionNumber: z.string(),
      grade: z.string().nullable(),
      school: z.string(),
      town: z.string(),
      paid: z.boolean(),
    })
    .optional(),
  /** The borrower (the lender's views only). */
  client: z.object({ email: z.string(), names: z.string() }).optional(),
  principal: cents(),
  fee: cents(),
  totalRepayable: cents(),
  months: z.int(),
  feeRatePercent: z.number(),
  annualRatePercent: z.number(),
  startDate: day(),
  appliedAt: timestamp(),
  depositPaidAt: timestamp().nullable(),
  decidedAt: timestamp().nullable(),
  autoApproved: z.boolean(),
  declineReason: z.string().nullable(),
  settledAt: timestamp().nullable(),
  cancelledAt: timestamp().nullable(),
  cancellationReason: z.string().nullable(),
  refundToLender: cents().nullable(),
  /** From the ledger: what the client has paid, and what is still owed (negative: paid ahead). */
  paid: cents(),
  outstanding: cents(),
  /** What the lender is asked to finance before it has paid (AWAITING_DEPOSIT, PENDING); else null. */
  toBeFinanced: cents().nullable(),
  firstInstalment: cents(),
  /** What the next payment would be: the first instalment, then each next one. */
  amountDueNow: cents(),
  nextInstalment: z.object({ number: z.int(), dueDate: day(), amount: cents() }).nullable(),
  settlement: z.object({ amount: cents(), waivedFee: cents(), rule: z.string() }).nullable(),
  arrears: z
    .object({
      stage: z.enum(['overdue', 'notice', 'cancel']),
      daysLate: z.int(),
      amount: cents(),
      instalmentNumber: z.int(),
      noticeFrom: day(),
      cancelFrom: day(),
    })
    .nullable(),
  instalments: z.array(
    offeredInstalmentSchema.extend({
      paid: cents(),
      outstanding: cents(),
      state: z.enum(LOAN_INSTALMENT_STATES),
    }),
  ),
  events: z.array(z.object({ kind: z.string(), message: z.string(), createdAt: timestamp() })),
});

const loanPage = pageOf(loanViewSchema);

/** An M-Pesa prompt just sent. */
const mpesaPromptSchema = z.object({
  paymentRef: z.string(),
  status: z.literal('pending'),
  customerMessage: z.string(),
  /** The amount asked on the phone, in cents (the payment module's answer, as every prompt's). */
  amount: cents(),
});

// ---------------------------------------------------------------- lenders and pricing

/** `lender / pricing / listTables`: a page of the lender's own tables, optionally of one product. */
export const pricingTablesQuerySchema = pageInputSchema.extend({
  product: z.enum(LOAN_PRODUCTS, { error: PRICING_MESSAGES.productRequired }).optional(),
});

/** A pricing table and its bands as the lender reads them (amounts in cents; a rate in %). */
export const pricingTableSchema = z.object({
  id: z.int(),
  product: z.enum(LOAN_PRODUCTS),
  name: z.string(),
  effectiveFrom: day(),
  /** IN_FORCE today, SCHEDULED (starts later) or PAST (a later table took over). */
  state: z.enum(['IN_FORCE', 'SCHEDULED', 'PAST']),
  isSample: z.boolean(),
  createdAt: timestamp(),
  bands: z.array(
    z.object({
      minPrincipal: cents(),
      maxPrincipal: cents().nullable(),
      months: z.int(),
      facilityFee: cents().nullable(),
      /** A percentage as text ("1.25"). */
      monthlyRatePercent: z.string().nullable(),
    }),
  ),
});

// ---------------------------------------------------------------- school fees

export const schoolSchema = z.object({
  schoolRef: z.string(),
  name: z.string(),
  county: z.string(),
  town: z.string(),
  level: z.enum(SCHOOL_LEVELS),
  levelLabel: z.string(),
  paybill: z.string().nullable(),
  accountFormat: z.string().nullable(),
  isSample: z.boolean(),
});

export const schoolChildSchema = z.object({
  childId: z.int(),
  studentName: z.string(),
  admissionNumber: z.string(),
  grade: z.string().nullable(),
  school: z.object({ schoolRef: z.string(), name: z.string(), town: z.string() }),
});

/** A school fee invoice (amounts in cents). */
export const schoolInvoiceSchema = z.object({
  invoiceRef: z.string(),
  school: z.object({ schoolRef: z.string(), name: z.string() }),
  studentName: z.string(),
  admissionNumber: z.string(),
  term: z.string(),
  amount: cents(),
  paid: cents(),
  balance: cents(),
  dueDate: day(),
  status: z.enum(['UNPAID', 'PART_PAID', 'OVERDUE', 'PAID']),
  paidAt: timestamp().nullable(),
  /** M-Pesa's limit for one prompt. */
  maxMpesaAmount: cents(),
  loan: z.object({ loanRef: z.string(), status: z.enum(LOAN_STATUSES) }).nullable(),
});

/** One invoice with its school's payment details and its receipts. */
export const schoolInvoiceDetailSchema = schoolInvoiceSchema.extend({
  school: z.object({
    schoolRef: z.string(),
    name: z.string(),
    town: z.string(),
    paybill: z.string().nullable(),
    accountFormat: z.string().nullable(),
  }),
  receipts: z.array(
    z.object({
      id: z.int(),
      kind: z.string(),
      description: z.string(),
      reference: z.string().nullable(),
      occurredAt: timestamp(),
      amount: cents(),
    }),
  ),
});

/** Loans and lenders, loan pricing, premium financing (IPF), school fees. */
export const lendingContracts = {
  // loans (the client's)
  'client/loan/listLoans': contract(loanPageSchema, loanPage),
  'client/loan/getLoan': contract(loanRefSchema, loanViewSchema),
  'client/loan/payByMpesa': contract(loanMpesaPaymentSchema, mpesaPromptSchema),
  'client/loan/payFromWallet': contract(
    loanWalletPaymentSchema,
    z.object({ loan: loanViewSchema, walletBalance: cents() }),
  ),
  'client/loan/withdraw': contract(loanRefSchema, loanViewSchema),
  // the lender's applications
  'lender/application/listApplications': contract(lenderListSchema, loanPage),
  'lender/application/getApplication': contract(loanRefSchema, loanViewSchema),
  'lender/application/approveApplication': contract(loanRefSchema, loanViewSchema),
  'lender/application/declineApplication': contract(lenderDeclineSchema, loanViewSchema),
  // lenders and pricing
  'admin/lender/listLenders': contract(
    pageInputSchema,
    pageOf(
      z.object({
        id: z.int(),
        name: z.string(),
        status: z.enum(['ACTIVE', 'SUSPENDED']),
        isSample: z.boolean(),
      }),
    ),
  ),
  'lender/pricing/listTables': contract(pricingTablesQuerySchema, pageOf(pricingTableSchema)),
  'lender/pricing/publishTable': contract(publishPricingTableSchema, pricingTableSchema),
  // premium financing
  'client/ipf/getOffer': contract(ipfOfferSchema, ipfOfferAnswerSchema),
  'client/ipf/apply': contract(ipfApplySchema, loanViewSchema),
  'client/ipf/listRequests': contract(loanPageSchema, loanPage),
  // school fees
  'client/school/listSchools': contract(schoolSearchSchema, pageOf(schoolSchema)),
  'client/school/linkChild': contract(
    schoolLinkChildSchema,
    schoolChildSchema.extend({ alreadyLinked: z.boolean() }),
  ),
  'client/school/listChildren': contract(schoolPageSchema, pageOf(schoolChildSchema)),
  'client/school/listInvoices': contract(schoolPageSchema, pageOf(schoolInvoiceSchema)),
  'client/school/getInvoice': contract(schoolInvoiceRefSchema, schoolInvoiceDetailSchema),
  'client/school/payByMpesa': contract(schoolMpesaPaymentSchema, mpesaPromptSchema),
  'client/school/payFromWallet': contract(
    schoolWalletPaymentSchema,
    z.object({ invoice: schoolInvoiceDetailSchema, walletBalance: cents() }),
  ),
  'client/school/getLoanOffer': contract(schoolInvoiceRefSchema, schoolLoanOfferAnswerSchema),
  'client/school/applyForLoan': contract(schoolLoanApplySchema, loanViewSchema),
  'client/school/listLoans': contract(schoolPageSchema, loanPage),
} satisfies Record<string, Contract>;
