import { z } from 'zod';
import { advertisementSchema } from '../advertisement';
import { cartItemSchema, cartPageSchema, cartPaySchema } from '../cart';
import {
  catalogueProductSchema,
  listInterestSchema,
  notifyInterestSchema,
  registerInterestSchema,
} from '../catalogue';
import { CERTIFICATE_STATUSES, CERTIFICATE_TYPES, verifyCertificateSchemaFor } from '../certificates';
import {
  classQuoteLinkSchemas,
  commercialQuoteLinkSchema,
  JOURNEY_PRODUCT_LINES,
  journeyDraftRefSchema,
  motorQuoteLinkSchema,
  saveJourneyDraftSchema,
} from '../journey-link';
import { monthlyOfferSchema, PAYMENT_PLANS } from '../monthly';
import { BENEFIT_TYPES, COVER_TYPES } from '../premium';
import {
  createQuotationSchema,
  invoicePaymentRequestSchema,
  paymentRequestDetailsSchema,
  systemQuotationRefSchema,
} from '../purchase';
import { fetchRecommendationsSchema, premiumCalcSchema, productRefSchema } from '../quotation';
import { RECOMMENDATION_STATUSES, recommendationIdSchema } from '../recommendations';
import { quoteRenewalSchema } from '../renewal';
import { completeQuotationDetailsSchema } from '../risk-requirements';
import { supportContactsSchema } from '../support';
import { vehicleSearchResultSchema, vehicleSearchSchema } from '../vehicle-search';
import { walletPayInvoiceSchema } from '../wallet';
import { type Contract, cents, contract, day, pageOf, timestamp } from './define';
import { policyMonthlySchema } from './monthly';

/*
 * Money: integer cents on the wire (`cents()`), in and out: the quote grid, the products, the premium
 * calculation, quotations and renewals (issue 29). Rates stay plain fractions.
 */

/** A free-form record kept as given (a vehicle, the client's details, a class's risk). */
const record = () => z.record(z.string(), z.unknown());

/** A list older callers read whole (an array) and screens a page at a time (with `page`/`pageSize`). */
const listOrPageOf = <Item extends z.ZodType>(item: Item) => z.union([z.array(item), pageOf(item)]);

/** Optional paging of the client's lists: pages count from 1. */
export const optionalPagingSchema = z
  .object({
    page: z.coerce.number().int().min(1).max(100_000).optional(),
    pageSize: z.coerce.number().int().min(1).max(100).optional(),
  })
  .passthrough();

/** A page of a list: pages count from 1, 10 a page unless asked. */
export const receiptPageSchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
});

export const invoiceRefSchema = z.object({
  invoiceSystemRef: z
    .string({ error: 'Invoice reference is required.' })
    .trim()
    .min(1, 'Invoice reference is required.'),
});

export const policyKeySchema = z
  .object({
    id: z.coerce.number().int().positive().optional(),
    policyNumber: z.string().trim().min(1).optional(),
  })
  .refine((key) => key.id !== undefined || key.policyNumber !== undefined, 'Give the policy id or number.');

/** What a kept quote says (`quotations.breakdown`), amounts in cents; rates are fractions. */
export const quoteBreakdownSchema = z.object({
  productSystemRef: z.string(),
  productName: z.string(),
  underwriter: z.object({ id: z.string(), name: z.string() }),
  coverType: z.enum(COVER_TYPES),
  vehicleValue: cents(),
  period: z.int(),
  periodShare: z.number(),
  basicPremium: cents(),
  basicDetail: z
    .object({
      groups: z.array(
        z.object({ group: z.string(), sumInsured: cents(), rate: z.number(), premium: cents() }),
      ),
      loadings: z.array(z.object({ factor: z.string(), option: z.string(), multiplier: z.number() })),
      minimumApplied: cents().nullable(),
      perUnit: z.array(z.object({ quantity: z.string(), units: z.number(), amount: cents() })),
    })
    .optional(),
  excessDiscount: cents(),
  benefits: z.array(
    z.object({
      benefitSystemRef: z.string(),
      name: z.string(),
      benefitType: z.enum(BENEFIT_TYPES),
      limit: cents(),
      premium: cents(),
    }),
  ),
  subtotal: cents(),
  charges: z.array(
    z.object({
      charge_name: z.string(),
      charge_type: z.enum(['Percentage', 'Fixed']),
      /** A fraction for a Percentage charge; cents for a Fixed one. */
      rate: z.number(),
      amount: cents(),
    }),
  ),
  totalCharges: cents(),
  excesses: z.array(z.object({ id: z.string(), name: z.string(), amount: cents(), discount: cents() })),
  total: cents(),
  currency: z.literal('KES'),
});

/** An invoice's state: UNPAID until its balance is paid in full. */
const invoiceStatusSchema = z.enum(['UNPAID', 'PAID', 'VOID']);

const missingDetailSchema = z.object({ field: z.string(), message: z.string() });

/** A quotation as its owner sees it, with its invoice and policy once made. */
export const quotationSchema = z.object({
  id: z.int(),
  systemQuotationRef: z.string(),
  productSystemRef: z.string(),
  productVersion: z.int(),
  productName: z.string(),
  underwriter: z.string(),
  classCode: z.string(),
  coverType: z.string(),
  vehicleValue: cents().nullable(),
  sumInsured: cents(),
  riskDetails: record(),
  riskReference: z.object({ label: z.string(), value: z.string() }),
  period: z.int(),
  startDate: day(),
  endDate: day(),
  premium: cents(),
  breakdown: quoteBreakdownSchema,
  vehicle: record(),
  clientDetails: record(),
  status: z.string(),
  purchaseType: z.string(),
  recommendationId: z.int().nullable(),
  createdAt: timestamp(),
  expiresAt: timestamp(),
  missingDetails: z.array(missingDetailSchema),
  isExpired: z.boolean(),
  invoice: z
    .object({ invoiceSystemRef: z.string(), status: invoiceStatusSchema, amount: cents() })
    .nullable(),
  policyNumber: z.string().nullable(),
  policyId: z.int().nullable(),
  /** How the client pays (issue 31): at once, or monthly (the invoice is then month 1's amount). */
  paymentPlan: z.enum(PAYMENT_PLANS),
  /** What paying monthly costs for this quotation (the plan kept when monthly, else the terms in force); null when not offered. */
  monthlyOffer: monthlyOfferSchema.nullable(),
});

/** A recommendation sent to the client, with its quotations in full. */
export const clientRecommendationSchema = z.object({
  id: z.int(),
  systemRef: z.string(),
  status: z.enum(RECOMMENDATION_STATUSES),
  requestSystemRef: z.string(),
  intermediary: z.object({ id: z.int(), intermediaryNames: z.string(), profileImage: z.string().nullable() }),
  note: z.string(),
  rejectionReason: z.string().nullable(),
  createdAt: timestamp(),
  decidedAt: timestamp().nullable(),
  quotations: z.array(quotationSchema.extend({ accepted: z.boolean() })),
});

/** What completing a quotation answers: its invoice. */
const quotationInvoiceSchema = z.object({
  systemQuotationRef: z.string(),
  invoiceSystemRef: z.string(),
  amount: cents(),
  status: invoiceStatusSchema,
});

/** An M-Pesa prompt sent: follow it with paymentRequestDetails. */
export const paymentPromptSchema = z.object({
  paymentRef: z.string(),
  status: z.literal('pending'),
  customerMessage: z.string(),
  amount: cents(),
});

/** What an invoice has received, still owes, and the next prompt asks (at most maxPerPrompt). */
const invoiceBalanceShape = {
  amountPaid: cents(),
  balance: cents(),
  amountDueNow: cents(),
  maxPerPrompt: cents(),
};

export const paymentStatusSchema = z.object({
  paymentSystemRef: z.string(),
  paymentRequestStatus: z.enum(['pending', 'success', 'failed']),
  statusMessage: z.string(),
  amount: cents(),
  receiptNumber: z.string().nullable(),
  purpose: z.string(),
  policyNumber: z.string().nullable(),
  invoice: z
    .object({
      invoiceSystemRef: z.string(),
      amount: cents(),
      amountPaid: cents(),
      balance: cents(),
      amountDueNow: cents(),
      status: invoiceStatusSchema,
    })
    .nullable(),
  /** A cart payment: the cart invoice and each member invoice's balance and policy. */
  cart: z
    .object({
      cartInvoiceRef: z.string(),
      amount: cents(),
      amountPaid: cents(),
      balance: cents(),
      amountDueNow: cents(),
      members: z.array(
        z.object({
          invoiceSystemRef: z.string(),
          systemQuotationRef: z.string(),
          productName: z.string(),
          amount: cents(),
          balance: cents(),
          status: z.string(),
          policyNumber: z.string().nullable(),
          policyId: z.int().nullable(),
        }),
      ),
    })
    .nullable()
    .optional(),
});

export const invoiceSchema = z.object({
  invoiceSystemRef: z.string(),
  amount: cents(),
  status: invoiceStatusSchema,
  ...invoiceBalanceShape,
  createdAt: timestamp(),
  paidAt: timestamp().nullable(),
  systemQuotationRef: z.string(),
  productName: z.string(),
  coverType: z.string(),
  period: z.int(),
  startDate: day(),
  breakdown: quoteBreakdownSchema,
  policyNumber: z.string().nullable(),
  policyId: z.int().nullable(),
  quotationExpiresAt: timestamp(),
  isQuotationExpired: z.boolean(),
  /** A monthly plan's month (1–12) and its due date; null for an annual plan. */
  monthNo: z.int().nullable(),
  dueDate: day().nullable(),
});

export const unallocatedReceiptSchema = z.object({
  receiptSystemRef: z.string(),
  amount: cents(),
  mpesaReceiptNumber: z.string().nullable(),
  reason: z.string(),
  /** OPEN until our team refunds or applies it. */
  status: z.enum(['OPEN', 'REFUNDED', 'APPLIED']),
  createdAt: timestamp(),
  resolvedAt: timestamp().nullable(),
  invoiceSystemRef: z.string().nullable(),
});

const policyPaymentSchema = z.object({
  method: z.enum(['mpesa', 'wallet']),
  paymentSystemRef: z.string(),
  receiptNumber: z.string().nullable(),
  amount: cents(),
  allocated: cents(),
  phone: z.string().nullable(),
  paidAt: timestamp().nullable(),
});

/** A client's policy as listed: its insured, risk, cover, premium and payments. */
export const policySchema = z.object({
  id: z.int(),
  policyNumber: z.string(),
  certificateNumber: z.string().nullable(),
  /** The motor certificate of insurance (DMVIC's; 'pending' while it is being issued); null for other classes. */
  certificate: z
    .object({
      number: z.string().nullable(),
      type: z.enum(CERTIFICATE_TYPES),
      issuer: z.enum(['DMVIC', 'BIMA']),
      status: z.enum(['pending', 'issued', 'cancelled', 'cancel_requested']),
      validFrom: day(),
      validTo: day(),
    })
    .nullable(),
  receiptNumber: z.string().nullable(),
  issuedAt: timestamp(),
  status: z.enum(['ACTIVE', 'LAPSED', 'EXPIRED', 'CANCELLED']),
  /** 'annual', or 'monthly' (issue 31: cover month by month as it is paid). */
  paymentPlan: z.enum(PAYMENT_PLANS),
  /** The last day of cover paid for: the end date, or a monthly policy's last paid month's end. */
  paidUntil: day(),
  /** A monthly policy's months, next due and standing order; null for an annual one. */
  monthly: policyMonthlySchema.nullable(),
  financing: z
    .object({
      loanRef: z.string(),
      lenderName: z.string(),
      status: z.string(),
      paidAt: timestamp().nullable(),
      firstInstalment: z
        .object({ amount: cents(), paidAt: timestamp().nullable(), receipts: z.array(z.string()) })
        .nullable(),
    })
    .nullable(),
  cancellation: z.object({ cancelledOn: day(), reason: z.string() }).nullable(),
  insured: z.object({
    names: z.looseObject({ firstName: z.string().optional(), lastName: z.string().optional() }),
    email: z.string().nullable(),
    kraPin: z.string().nullable(),
    kyc: record().nullable(),
  }),
  productName: z.string(),
  productSystemRef: z.string(),
  underwriter: z.string(),
  intermediary: z.object({ id: z.int(), intermediaryNames: z.string() }).nullable(),
  classCode: z.string(),
  className: z.string(),
  riskDetails: record(),
  riskLines: z.array(z.tuple([z.string(), z.string()])),
  riskReference: z.object({ label: z.string(), value: z.string() }),
  coverType: z.string(),
  vehicleValue: cents().nullable(),
  sumInsured: cents(),
  vehicle: record(),
  period: z.int(),
  startDate: day(),
  endDate: day(),
  quotedStartDate: day().nullable(),
  premium: cents(),
  breakdown: quoteBreakdownSchema,
  systemQuotationRef: z.string(),
  paidFrom: z.string().nullable(),
  paidAt: timestamp().nullable(),
  payments: z.array(policyPaymentSchema),
});

/** One policy in full: with what its page says about renewing it, and links to its documents. */
export const policyDetailSchema = policySchema.extend({
  renewal: z.object({
    isRenewable: z.boolean(),
    state: z.enum(['too-early', 'open', 'expired']),
    opensOn: day().nullable(),
    startDate: day(),
    renewedBy: z.object({ id: z.int(), policyNumber: z.string(), startDate: day() }).nullable(),
  }),
  documents: z.object({ schedule: z.string(), receipt: z.string(), certificate: z.string().nullable() }),
});

/** One line of the cart. */
export const cartItemViewSchema = z.object({
  systemQuotationRef: z.string(),
  productName: z.string(),
  underwriter: z.string(),
  coverType: z.string(),
  registrationNumber: z.string().nullable(),
  vehicleDescription: z.string().nullable(),
  startDate: day(),
  premium: cents(),
  balance: cents(),
  invoiceSystemRef: z.string().nullable(),
  isExpired: z.boolean(),
  expiresAt: timestamp(),
  addedAt: timestamp(),
});

/** A product's benefit as a renewal price has it (or cannot): limits in cents. */
const renewalBenefitSchema = z.object({
  benefitSystemRef: z.string(),
  name: z.string(),
  limit: cents().nullable(),
  yourLimit: cents().optional(),
});

/** A journey draft's state: the product line's own journey. */
const journeyStateSchema = z.union([
  motorQuoteLinkSchema,
  commercialQuoteLinkSchema,
  classQuoteLinkSchemas['fire-domestic'],
  classQuoteLinkSchemas.theft,
  classQuoteLinkSchemas.aviation,
]);

/** How a product is priced for a risk: its band's rate, a fixed premium, or each group's rate. */
const baseRateSchema = z.discriminatedUnion('rateType', [
  z.object({ rateType: z.literal('fixed'), value: cents() }),
  z.object({
    rateType: z.literal('rated'),
    groups: z.array(z.object({ group: z.string(), rate: z.number() })),
    minimumPremium: cents(),
  }),
  z.object({ rateType: z.literal('percentage'), value: z.number(), minimumPremium: cents() }),
]);

const productHeadShape = {
  id: z.int(),
  productName: z.string(),
  productDescription: z.string(),
  productLogo: z.string(),
  productSystemRef: z.string(),
  classCode: z.string(),
  coverType: z.enum(COVER_TYPES),
};

const productCoverSchema = z.object({
  coverType: z.enum(COVER_TYPES),
  supportedPeriods: z.array(z.int()),
  minimumValue: cents(),
  maximumValue: cents().nullable(),
});

const productUnderwriterSchema = z.array(z.object({ id: z.string(), name: z.string(), logo: z.string() }));

/** A product on the quote grid, priced for the risk (spec-1 §3 without benefits, excesses, charges). */
export const quotedProductSchema = z.object({
  ...productHeadShape,
  basePremium: cents(),
  premium: cents(),
  quotePeriod: z.int(),
  basePremiumRate: baseRateSchema,
  underwriter: productUnderwriterSchema,
  intermediary: z.string(),
  productTnc: z.string(),
  productCover: productCoverSchema,
  /** "Pay monthly" (issue 31): the underwriter's monthly plan for this quote; null when not offered. */
  monthly: monthlyOfferSchema.nullable(),
});

/** A product with its benefits, excesses, charges and pricing rules (spec-1 §3 "Quoted product"). */
export const productDetailSchema = z.object({
  ...productHeadShape,
  basePremiumRate: baseRateSchema,
  productOverview: z.string(),
  underwriter: productUnderwriterSchema,
  intermediary: z.string(),
  productTnc: z.string(),
  productCover: productCoverSchema,
  product_charges_details: z.array(
    z.object({
      charge_name: z.string(),
      charge_type: z.enum(['Percentage', 'Fixed']),
      /** A fraction for a Percentage charge; cents for a Fixed one. */
      value: z.number(),
    }),
  ),
  productBenefits: z.array(
    z.object({
      _id: z.string(),
      benefitSystemRef: z.string(),
      benefit_category_name: z.string(),
      benefit_category_description: z.string(),
      benefitType: z.enum(BENEFIT_TYPES),
      benefitLimit: z.object({
        minimum: cents(),
        maximum: cents(),
        defaultLimit: cents(),
        isAdjustable: z.boolean(),
      }),
      pricing: z.discriminatedUnion('kind', [
        z.object({ kind: z.literal('included') }),
        z.object({ kind: z.literal('fixed'), amount: cents() }),
        z.object({ kind: z.literal('percentageOfValue'), rate: z.number(), minimum: cents() }),
        z.object({ kind: z.literal('rateOnExtraLimit'), rate: z.number(), inbuiltLimit: cents() }),
      ]),
    }),
  ),
  excesses: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      type: z.string(),
      description: z.string(),
      minAmount: cents(),
      maxAmount: cents(),
      defaultAmount: cents(),
      amount: cents(),
    }),
  ),
});

/** `getQuotationDetails`: a recommendation by id (the /review/<id> link), or a quotation by reference. */
export const quotationDetailsInputSchema = z.union([recommendationIdSchema, systemQuotationRefSchema]);

/** The certificate check's input; the action checks it against Kenya's today (`verifyCertificateSchemaFor`). */
const verifyCertificateInputSchema = verifyCertificateSchemaFor('2999-12-31');

/**
 * Quotes, products, quotations, invoices, payments, policies, the cart, renewals, certificates, and
 * the public platform calls (advertisements, support contacts).
 */
export const purchaseContracts = {
  'platform/support/getSupportContacts': contract(z.object({}).passthrough(), supportContactsSchema),
  'platform/advertisement/list': contract(z.object({}).passthrough(), z.array(advertisementSchema)),

  // Quotations, invoices, payments and policies (purchase-actions.ts).
  'client/quotation/createQuotation': contract(createQuotationSchema, quotationSchema),
  'client/quotation/requoteQuotation': contract(systemQuotationRefSchema, quotationSchema),
  'client/quotation/completeQuotationDetails': contract(completeQuotationDetailsSchema, quotationSchema),
  'underwriting/quotation/completeQuotation': contract(systemQuotationRefSchema, quotationInvoiceSchema),
  'underwriting/quotation/createInvoiceFromQuotation': contract(
    systemQuotationRefSchema,
    quotationInvoiceSchema,
  ),
  'underwriting/quotation/getQuotationDetails': contract(
    quotationDetailsInputSchema,
    z.union([quotationSchema, clientRecommendationSchema]),
  ),
  'client/quotation/listQuotations': contract(optionalPagingSchema, listOrPageOf(quotationSchema)),
  'underwriting/accounting/invoicePaymentRequest': contract(invoicePaymentRequestSchema, paymentPromptSchema),
  'intergration/payment/paymentRequestDetails': contract(paymentRequestDetailsSchema, paymentStatusSchema),
  'client/invoice/listInvoices': contract(
    optionalPagingSchema.extend({
      status: z.enum(['UNPAID', 'PAID'], { error: 'Unknown invoice status.' }).optional(),
    }),
    listOrPageOf(invoiceSchema),
  ),
  'client/invoice/getInvoice': contract(invoiceRefSchema, invoiceSchema),
  // Paying an invoice from the wallet (the wallet module's action, the invoice's answer).
  'client/wallet/payInvoice': contract(
    walletPayInvoiceSchema,
    z.object({ invoice: invoiceSchema, walletBalance: cents() }),
  ),
  'client/wallet/listUnallocatedReceipts': contract(receiptPageSchema, pageOf(unallocatedReceiptSchema)),
  'payments/unallocatedReceipt/listUnallocatedReceipts': contract(
    receiptPageSchema.extend({ status: z.enum(['OPEN', 'REFUNDED', 'APPLIED']).optional() }),
    pageOf(unallocatedReceiptSchema.extend({ clientEmail: z.string(), phone: z.string() })),
  ),
  'client/policy/listPolicies': contract(optionalPagingSchema, listOrPageOf(policySchema)),
  'client/policy/getPolicy': contract(policyKeySchema, policyDetailSchema),

  // The cart.
  'client/cart/addItem': contract(
    cartItemSchema,
    z.object({ systemQuotationRef: z.string(), inCart: z.boolean() }),
  ),
  'client/cart/removeItem': contract(
    cartItemSchema,
    z.object({
      systemQuotationRef: z.string(),
      inCart: z.boolean(),
      removed: z.boolean(),
      isExpired: z.boolean(),
      message: z.string().nullable(),
    }),
  ),
  'client/cart/listItems': contract(
    cartPageSchema,
    pageOf(cartItemViewSchema).extend({
      payableCount: z.int(),
      expiredCount: z.int(),
      /** The cart's total, expired quotations not counted. */
      totalAmount: cents(),
      amountDueNow: cents(),
      maxPerPrompt: cents(),
    }),
  ),
  'client/cart/pay': contract(cartPaySchema, paymentPromptSchema.extend({ cartInvoiceRef: z.string() })),

  // The catalogue.
  'underwriting/catalogue/listProducts': contract(
    z.object({}).passthrough(),
    z.array(catalogueProductSchema),
  ),
  'underwriting/catalogue/registerInterest': contract(
    registerInterestSchema,
    z.object({ registered: z.boolean(), productName: z.string() }),
  ),
  'admin/catalogue/listInterest': contract(
    listInterestSchema,
    pageOf(
      z.object({
        id: z.int(),
        name: z.string(),
        routeName: z.string(),
        available: z.boolean(),
        comingSoon: z.boolean(),
        waiting: z.int(),
        notified: z.int(),
      }),
    ),
  ),
  'admin/catalogue/notifyInterest': contract(
    notifyInterestSchema,
    z.object({ productName: z.string(), notified: z.int(), notifiedInAll: z.int() }),
  ),

  // Products: the quote grid, one product, the premium calculation (cents, issue 29).
  'underwriting/product/fetchInsuranceClassReccomendations': contract(
    fetchRecommendationsSchema,
    z.array(quotedProductSchema),
  ),
  'underwriting/product/productWithBenefitsAndUnderwriterDetails': contract(
    productRefSchema,
    z.array(productDetailSchema),
  ),
  'underwriting/product/productPremiumCalc': contract(premiumCalcSchema, quoteBreakdownSchema),

  // Journey drafts.
  'client/journeyDraft/saveDraft': contract(
    saveJourneyDraftSchema,
    z.object({ productLine: z.enum(JOURNEY_PRODUCT_LINES), updatedAt: timestamp() }),
  ),
  'client/journeyDraft/getDraft': contract(
    journeyDraftRefSchema,
    z.object({
      draft: z
        .object({
          productLine: z.enum(JOURNEY_PRODUCT_LINES),
          state: journeyStateSchema,
          updatedAt: timestamp(),
        })
        .nullable(),
    }),
  ),
  'client/journeyDraft/deleteDraft': contract(journeyDraftRefSchema, z.object({ deleted: z.boolean() })),

  // Renewals.
  'policy/renewal/quoteRenewal': contract(
    quoteRenewalSchema,
    z.object({
      quotation: quotationSchema,
      cover: z.object({
        includes: z.array(renewalBenefitSchema),
        cannotOffer: z.array(renewalBenefitSchema),
      }),
      previous: z.object({
        policyId: z.int(),
        policyNumber: z.string(),
        productName: z.string(),
        underwriter: z.string(),
        startDate: day(),
        endDate: day(),
        premium: cents(),
        benefits: z.array(renewalBenefitSchema),
      }),
      alternatives: z.array(
        z.object({
          productSystemRef: z.string(),
          productName: z.string(),
          underwriter: z.string(),
          premium: cents(),
          includes: z.array(renewalBenefitSchema),
          cannotOffer: z.array(renewalBenefitSchema),
        }),
      ),
    }),
  ),

  // The public certificate check.
  'underwriting/certificate/verifyCertificate': contract(
    verifyCertificateInputSchema,
    z.object({
      /** Who answered: DMVIC, or the portal's own records when DMVIC did not answer. */
      source: z.enum(['DMVIC', 'portal-records']),
      status: z.enum(CERTIFICATE_STATUSES),
      checkedOn: day(),
      certificate: z
        .object({
          certificateNumber: z.string(),
          registrationNumber: z.string(),
          makeModel: z.string(),
          insurer: z.string(),
          type: z.enum(CERTIFICATE_TYPES),
          startDate: day(),
          endDate: day(),
          insuredName: z.string(),
        })
        .nullable(),
    }),
  ),

  // Quotes from the number plate: the register's record of a vehicle (DMVIC VehicleSearch), never the owner.
  'underwriting/vehicle/searchVehicle': contract(vehicleSearchSchema, vehicleSearchResultSchema),
} satisfies Record<string, Contract>;
