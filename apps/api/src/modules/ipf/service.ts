import {
  EARLY_SETTLEMENT_RULE,
  formatKes,
  type IpfApplyInput,
  LOAN_MESSAGES,
  OPEN_LOAN_STATUSES,
  RISK_DETAILS_MESSAGES,
} from '@bima/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { invoices, loans, quotations } from '../../db/schema';
import { AppError } from '../../gateway/errors';
import { moneyOfInvoice } from '../ledger/service';
import {
  createApplication,
  getClientLoan,
  type LoanContext,
  offersFor,
  pageOfLoans,
  type Tx,
} from '../loan/service';
import { missingDetailsOf, riskDetailsMissingError } from '../quotation/requirements';
import { isQuotationExpired } from '../quotation/service';

/** Premium financing covers a year: shorter covers are paid outright. */
const ANNUAL_DAYS = 365;

/** A monthly plan's invoice (issue 31) is already spread over the year: no loan on top of it. */
const MONTHLY_PLAN_MESSAGE =
  'Premium financing is not offered on a monthly plan: pay each month as it falls due.';

/**
 * Whether the client's invoice can be financed, and why not: it must be unpaid with nothing paid on
 * it, its quotation still priced, an annual cover, at least IPF_MIN_PREMIUM, and without an open
 * application. Another client's invoice is 404.
 */
async function eligibility(
  db: LoanContext['db'] | Tx,
  context: LoanContext,
  userId: string,
  invoiceSystemRef: string,
) {
  const [row] = await db
    .select({ invoice: invoices, quotation: quotations })
    .from(invoices)
    .innerJoin(quotations, eq(quotations.id, invoices.quotationId))
    .where(and(eq(invoices.invoiceSystemRef, invoiceSystemRef), eq(invoices.userId, userId)));
  if (!row) throw new AppError('not_found', 'Invoice not found.');
  const money = await moneyOfInvoice(db, row.invoice);
  const [open] = await db
    .select({ loanRef: loans.loanRef })
    .from(loans)
    .where(and(eq(loans.invoiceId, row.invoice.id), inArray(loans.status, [...OPEN_LOAN_STATUSES])));
  const minimum = context.config.IPF_MIN_PREMIUM * 100;
  const reason =
    row.invoice.monthNo !== null || row.quotation.paymentPlan === 'monthly'
      ? { code: 'MONTHLY_PLAN', message: MONTHLY_PLAN_MESSAGE }
      : row.invoice.status === 'PAID' || money.owed === 0
        ? { code: 'INVOICE_PAID', message: LOAN_MESSAGES.invoicePaid }
        : open
          ? { code: 'ALREADY_APPLIED', message: LOAN_MESSAGES.alreadyApplied }
          : money.paid > 0
            ? { code: 'PART_PAID', message: LOAN_MESSAGES.partPaid }
            : isQuotationExpired(row.quotation)
              ? { code: 'QUOTATION_EXPIRED', message: LOAN_MESSAGES.quotationExpired }
              : row.quotation.periodDays < ANNUAL_DAYS
                ? { code: 'NOT_ANNUAL', message: LOAN_MESSAGES.notAnnual }
                : money.owed < minimum
                  ? { code: 'BELOW_MINIMUM', message: LOAN_MESSAGES.belowMinimum(formatKes(minimum)) }
                  : missingDetailsOf(row.quotation).length > 0
                    ? { code: 'RISK_DETAILS_MISSING', message: RISK_DETAILS_MESSAGES.missing }
                    : null;
  return { ...row, money, open: open ?? null, reason, minimum };
}

/**
 * What financing the invoice would cost, for every term a lender offers (4–10 months), each with its
 * schedule, fee, total cost and rates — shown before the client accepts — or why it cannot be.
 */
export async function getIpfOffer(context: LoanContext, userId: string, invoiceSystemRef: string) {
  const found = await eligibility(context.db, context, userId, invoiceSystemRef);
  const options = found.reason
    ? []
    : await offersFor(context.db, 'ipf', found.money.owed, context.services.clock.today());
  const reason =
    found.reason ?? (options.length === 0 ? { code: 'NO_LENDER', message: LOAN_MESSAGES.noLender } : null);
  return {
    invoiceSystemRef: found.invoice.invoiceSystemRef,
    productName: found.quotation.productName,
    premium: found.money.owed,
    minPremium: found.minimum,
    eligible: reason === null,
    reason: reason?.message ?? null,
    reasonCode: reason?.code ?? null,
    openLoanRef: found.open?.loanRef ?? null,
    earlySettlementRule: EARLY_SETTLEMENT_RULE,
    options,
  };
}

/**
 * Applies to finance the invoice over `months` (the schedule accepted): the application waits for
 * its first instalment, paid up front by M-Pesa or from the wallet. The invoice is locked while
 * deciding, and one open application per invoice is kept by a unique index as well.
 */
export async function applyForIpf(context: LoanContext, userId: string, input: IpfApplyInput) {
  const loanRef = await context.db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ id: invoices.id })
      .from(invoices)
      .where(and(eq(invoices.invoiceSystemRef, input.invoiceSystemRef), eq(invoices.userId, userId)))
      .for('update');
    if (!locked) throw new AppError('not_found', 'Invoice not found.');
    const found = await eligibility(tx, context, userId, input.invoiceSystemRef);
    // A loan issues the policy when approved: not for a quotation without its vehicle and KYC.
    const missing = missingDetailsOf(found.quotation);
    if (found.reason?.code === 'RISK_DETAILS_MISSING') throw riskDetailsMissingError(missing);
    if (found.reason) throw new AppError('conflict', found.reason.message, { code: found.reason.code });
    const loan = await createApplication(tx, {
      product: 'ipf',
      userId,
      principal: found.money.owed,
      months: input.months,
      invoiceId: found.invoice.id,
      today: context.services.clock.today(),
      what: `invoice ${found.invoice.invoiceSystemRef} (${found.quotation.productName})`,
    });
    return loan.loanRef;
  });
  return getClientLoan(context, userId, loanRef);
}

/** The client's premium financing applications and loans, newest first. */
export function listIpfRequests(
  context: LoanContext,
  userId: string,
  paging: { page: number; pageSize: number },
) {
  return pageOfLoans(context, and(eq(loans.userId, userId), eq(loans.product, 'ipf')), paging);
}
