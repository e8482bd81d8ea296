import {
  arrearsStage,
  EARLY_SETTLEMENT_RULE,
  earlySettlement,
  findPricingBand,
  formatKes,
  type Instalment,
  instalmentStates,
  LOAN_MESSAGES,
  LOAN_MONTH_OPTIONS,
  type LoanPricingBand,
  type LoanProduct,
  type LoanRef,
  type LoanStatus,
  loanAccount,
  loanFeePosting,
  loanFeeWaiverPosting,
  loanReturnPosting,
  loanSchedule,
  plusDays,
} from '@bima/domain';
import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import {
  ledgerAccounts,
  ledgerEntries,
  ledgerTransactions,
  lenders,
  loanEvents,
  loanInstalments,
  loanPricingBands,
  loanPricingTables,
  loans,
  users,
} from '../../db/schema';
import { AppError } from '../../gateway/errors';
import { formatAmount, type Language } from '../../lib/language';
import { makeRef } from '../../lib/refs';
import { pageInfo } from '../../lib/search';
import type { Services } from '../../services';
import { recordAudit } from '../audit/service';
import { amountWords } from '../audit/words';
import { post } from '../ledger/service';
import { type NotificationText, notify, textIn } from '../notification/service';
import { endReasonIn, LOAN_STATUS_WORD, LOAN_STATUS_WORDS, loanProductOf } from './products';

export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
export type LoanRow = typeof loans.$inferSelect;
export type LenderRow = typeof lenders.$inferSelect;

/** What moving a loan's money needs: the database, mail and clock, the log (a payment's context). */
export interface LoanCoreContext {
  db: Database;
  services: Services;
  log: FastifyBaseLogger;
  /** The reader's language (a gateway request's); loans read in English without one. */
  language?: Language;
}

/** …and reading loans and running the jobs: the configuration (grace and notice days) too. */
export interface LoanContext extends LoanCoreContext {
  config: Config;
}

export const loanRefOf = (loan: LoanRow): LoanRef => ({
  id: loan.id,
  ref: loan.loanRef,
  userId: loan.userId,
  lenderId: loan.lenderId,
});

export const loanLink = (loan: Pick<LoanRow, 'loanRef'>) =>
  `/newportal/my-loans?loan=${encodeURIComponent(loan.loanRef)}`;
export const lenderLink = (loan: Pick<LoanRow, 'loanRef'>) =>
  `/staff/loan-applications/${encodeURIComponent(loan.loanRef)}`;

/** '12 March 2026' for a YYYY-MM-DD date. */
export const readableDate = (day: string) =>
  new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));

// ---------------------------------------------------------------- pricing

export interface LenderPricing {
  lender: LenderRow;
  tableId: number;
  bands: LoanPricingBand[];
}

/**
 * Every ACTIVE lender's pricing table for a product in force on `today`: for each lender, the
 * table with the latest `effectiveFrom` not after today, with its bands.
 */
export async function currentPricing(db: Database | Tx, product: LoanProduct, today: string) {
  const tables = await db
    .select({ table: loanPricingTables, lender: lenders })
    .from(loanPricingTables)
    .innerJoin(lenders, eq(lenders.id, loanPricingTables.lenderId))
    .where(
      and(
        eq(loanPricingTables.product, product),
        lte(loanPricingTables.effectiveFrom, today),
        eq(lenders.status, 'ACTIVE'),
      ),
    )
    .orderBy(asc(lenders.id), desc(loanPricingTables.effectiveFrom));
  const latest = new Map<number, (typeof tables)[number]>();
  for (const row of tables) if (!latest.has(row.lender.id)) latest.set(row.lender.id, row);
  if (latest.size === 0) return [];
  const tableIds = [...latest.values()].map((row) => row.table.id);
  const bands = await db.select().from(loanPricingBands).where(inArray(loanPricingBands.tableId, tableIds));
  return [...latest.values()].map(
    (row): LenderPricing => ({
      lender: row.lender,
      tableId: row.table.id,
      bands: bands
        .filter((band) => band.tableId === row.table.id)
        .map((band) => ({
          minPrincipal: band.minPrincipal,
          maxPrincipal: band.maxPrincipal,
          months: band.months,
          facilityFee: band.facilityFee,
          monthlyRatePpm: band.monthlyRatePpm,
        })),
    }),
  );
}

/** The cheapest lender's price for a principal over `months`, or null when no lender offers it. */
export function bestOffer(pricing: LenderPricing[], principal: number, months: number, startDate: string) {
  let best: { pricing: LenderPricing; schedule: ReturnType<typeof loanSchedule> } | null = null;
  for (const candidate of pricing) {
    const band = findPricingBand(candidate.bands, principal, months);
    if (!band) continue;
    const schedule = loanSchedule({ principal, band, startDate });
    if (!best || schedule.fee < best.schedule.fee) best = { pricing: candidate, schedule };
  }
  return best;
}

/** A schedule as the API shows it (cents), before or after applying. */
export function presentSchedule(schedule: ReturnType<typeof loanSchedule>, lender: LenderRow) {
  return {
    months: schedule.months,
    lender: { id: lender.id, name: lender.name },
    principal: schedule.principal,
    fee: schedule.fee,
    totalRepayable: schedule.totalRepayable,
    /** The fee as a percentage of the amount financed (e.g. 9.17). */
    feeRatePercent: schedule.feeRateBps / 100,
    /** The yearly rate of the repayments (12 × the monthly rate), a percentage. */
    annualRatePercent: schedule.annualRateBps / 100,
    firstInstalment: schedule.instalments[0]!.amount,
    instalments: schedule.instalments.map((instalment) => ({
      number: instalment.number,
      dueDate: instalment.dueDate,
      amount: instalment.amount,
      principal: instalment.principal,
      fee: instalment.fee,
    })),
  };
}

/** Every term a lender offers for `principal` on `today`, cheapest lender per term. */
export async function offersFor(
  db: Database | Tx,
  product: LoanProduct,
  principal: number,
  today: string,
  monthOptions: readonly number[] = LOAN_MONTH_OPTIONS,
) {
  const pricing = await currentPricing(db, product, today);
  return monthOptions.flatMap((months) => {
    const offer = bestOffer(pricing, principal, months, today);
    return offer ? [presentSchedule(offer.schedule, offer.pricing.lender)] : [];
  });
}

/**
 * Makes a loan application (AWAITING_DEPOSIT) priced by the cheapest lender for the term on `today`,
 * with its schedule, in the caller's transaction. Refused (400 on `months`) when no lender offers it.
 */
export async function createApplication(
  tx: Tx,
  input: {
    product: LoanProduct;
    userId: string;
    principal: number;
    months: number;
    invoiceId: number | null;
    today: string;
    what: string;
  },
) {
  const pricing = await currentPricing(tx, input.product, input.today);
  if (pricing.length === 0) throw new AppError('conflict', LOAN_MESSAGES.noLender, { code: 'NO_LENDER' });
  const offer = bestOffer(pricing, input.principal, input.months, input.today);
  if (!offer) {
    throw new AppError('invalid', LOAN_MESSAGES.noPricing, {
      errors: [{ field: 'months', message: LOAN_MESSAGES.noPricing }],
    });
  }
  const { schedule } = offer;
  const [loan] = await tx
    .insert(loans)
    .values({
      loanRef: makeRef('LN', 8),
      product: input.product,
      userId: input.userId,
      lenderId: offer.pricing.lender.id,
      invoiceId: input.invoiceId,
      pricingTableId: offer.pricing.tableId,
      principal: schedule.principal,
      fee: schedule.fee,
      months: schedule.months,
      totalRepayable: schedule.totalRepayable,
      feeRateBps: schedule.feeRateBps,
      annualRateBps: schedule.annualRateBps,
      startDate: input.today,
    })
    .returning();
  await tx
    .insert(loanInstalments)
    .values(schedule.instalments.map((instalment) => ({ loanId: loan!.id, ...instalment })));
  const deposit = schedule.instalments[0]!.amount;
  await recordEvent(tx, loan!, 'applied', 0, {
    en: `Applied to finance ${input.what} over ${schedule.months} months with ${offer.pricing.lender.name}. Pay the first instalment of ${formatKes(deposit)} to send the application to the lender.`,
    sw: `Umeomba mkopo wa miezi ${schedule.months} kutoka kwa ${offer.pricing.lender.name}. Lipa awamu ya kwanza ya ${formatAmount(deposit, 'sw')} ili ombi lipelekwe kwa mkopeshaji.`,
  });
  return loan!;
}

// ---------------------------------------------------------------- reading a loan

/**
 * Records an event once per (loan, kind, instalment); answers whether it was recorded now. The jobs
 * date theirs by the business clock (`at`), which the arrears process reads back.
 */
export async function recordEvent(
  tx: Database | Tx,
  loan: Pick<LoanRow, 'id'>,
  kind: string,
  instalmentNumber: number,
  message: NotificationText,
  at?: Date,
): Promise<boolean> {
  const inserted = await tx
    .insert(loanEvents)
    .values({
      loanId: loan.id,
      kind,
      instalmentNumber,
      message: textIn(message, 'en'),
      messageSw: typeof message === 'string' ? null : message.sw,
      ...(at ? { createdAt: at } : {}),
    })
    .onConflictDoNothing()
    .returning({ id: loanEvents.id });
  return inserted.length > 0;
}

export interface LoanMoney {
  /** What the loan's account says is owed (negative: paid ahead, before the lender paid). */
  owed: number;
  /** What the client has paid towards it (M-Pesa and wallet). */
  paid: number;
}

/** Each loan's money from the ledger. */
export async function loanMoney(db: Database | Tx, loanIds: number[]): Promise<Map<number, LoanMoney>> {
  const result = new Map<number, LoanMoney>(loanIds.map((id) => [id, { owed: 0, paid: 0 }]));
  if (loanIds.length === 0) return result;
  const rows = await db
    .select({
      code: ledgerAccounts.code,
      sum: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)`,
      paid: sql<string>`coalesce(sum(case when ${ledgerTransactions.kind} = 'instalment' then -${ledgerEntries.amount} else 0 end), 0)`,
    })
    .from(ledgerAccounts)
    .innerJoin(ledgerEntries, eq(ledgerEntries.accountId, ledgerAccounts.id))
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(
      inArray(
        ledgerAccounts.code,
        loanIds.map((id) => `loan:${id}`),
      ),
    )
    .groupBy(ledgerAccounts.code);
  for (const row of rows) {
    result.set(Number(row.code.slice('loan:'.length)), { owed: Number(row.sum), paid: Number(row.paid) });
  }
  return result;
}

export async function instalmentsOf(
  db: Database | Tx,
  loanIds: number[],
): Promise<Map<number, Instalment[]>> {
  const result = new Map<number, Instalment[]>(loanIds.map((id) => [id, []]));
  if (loanIds.length === 0) return result;
  const rows = await db
    .select()
    .from(loanInstalments)
    .where(inArray(loanInstalments.loanId, loanIds))
    .orderBy(asc(loanInstalments.loanId), asc(loanInstalments.number));
  for (const row of rows) {
    result.get(row.loanId)!.push({
      number: row.number,
      dueDate: row.dueDate,
      amount: row.amount,
      principal: row.principal,
      fee: row.fee,
    });
  }
  return result;
}

/**
 * What a payment towards the loan would be now: the rest of the first instalment while the
 * application waits for it; for an ACTIVE loan the next instalment's unpaid part (`next`) or the
 * early settlement (`settle`); for a CANCELLED loan the balance the refund did not cover (either
 * target); nothing otherwise.
 */
export function amountDue(
  loan: Pick<LoanRow, 'status'>,
  instalments: Instalment[],
  money: LoanMoney,
  target: 'next' | 'settle',
  today: string,
): number {
  if (loan.status === 'AWAITING_DEPOSIT') return Math.max(0, instalments[0]!.amount + money.owed);
  // A cancelled loan whose security (the refund) did not cover it: what is left is owed at once.
  if (loan.status === 'CANCELLED') return Math.max(0, money.owed);
  if (loan.status !== 'ACTIVE' || money.owed <= 0) return 0;
  if (target === 'settle')
    return earlySettlement({ instalments, paidTotal: money.paid, outstanding: money.owed, today }).amount;
  const next = instalmentStates(instalments, money.paid, today).find(
    (instalment) => instalment.outstanding > 0,
  );
  return Math.min(money.owed, next?.outstanding ?? 0);
}

/** The loan row of its owner, locked; anyone else's is 404. */
export async function lockClientLoan(tx: Tx, userId: string, loanRef: string): Promise<LoanRow> {
  const [loan] = await tx
    .select()
    .from(loans)
    .where(and(eq(loans.loanRef, loanRef), eq(loans.userId, userId)))
    .for('update');
  if (!loan) throw new AppError('not_found', 'Loan not found.');
  return loan;
}

/** The loan row of the lender's own application, locked; another lender's is 404. */
export async function lockLenderLoan(tx: Tx, lenderId: number, loanRef: string): Promise<LoanRow> {
  const [loan] = await tx
    .select()
    .from(loans)
    .where(and(eq(loans.loanRef, loanRef), eq(loans.lenderId, lenderId)))
    .for('update');
  if (!loan) throw new AppError('not_found', 'Application not found.');
  return loan;
}

/** Whether the lender has yet to pay for the loan: the first instalment or the lender's decision awaited. */
const isAwaitingLender = (status: string) => status === 'AWAITING_DEPOSIT' || status === 'PENDING';

/** Loans as the client and the lender read them (cents). */
export async function presentLoans(
  context: LoanContext,
  rows: LoanRow[],
  options: { withClient?: boolean } = {},
) {
  const { db, config } = context;
  const today = context.services.clock.today();
  const ids = rows.map((row) => row.id);
  const [money, schedules, lenderRows, events] = await Promise.all([
    loanMoney(db, ids),
    instalmentsOf(db, ids),
    rows.length
      ? db
          .select()
          .from(lenders)
          .where(
            inArray(
              lenders.id,
              rows.map((row) => row.lenderId),
            ),
          )
      : Promise.resolve([]),
    ids.length
      ? db.select().from(loanEvents).where(inArray(loanEvents.loanId, ids)).orderBy(asc(loanEvents.id))
      : Promise.resolve([]),
  ]);
  const clients = options.withClient
    ? await db
        .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
        .from(users)
        .where(
          inArray(
            users.id,
            rows.map((row) => row.userId),
          ),
        )
    : [];
  const described = await describeLoans(context, rows);
  return rows.map((loan) => {
    const instalments = schedules.get(loan.id) ?? [];
    const paid = money.get(loan.id) ?? { owed: 0, paid: 0 };
    const lender = lenderRows.find((row) => row.id === loan.lenderId)!;
    const isActive = loan.status === 'ACTIVE';
    const states = instalmentStates(instalments, paid.paid, today);
    const settlement = isActive
      ? earlySettlement({ instalments, paidTotal: paid.paid, outstanding: paid.owed, today })
      : null;
    const arrears = isActive
      ? arrearsStage({
          instalments,
          paidTotal: paid.paid,
          today,
          graceDays: config.LOAN_GRACE_DAYS,
          noticeDays: config.LOAN_NOTICE_DAYS,
        })
      : null;
    const next = states.find((instalment) => instalment.outstanding > 0) ?? null;
    const client = clients.find((row) => row.id === loan.userId);
    return {
      loanRef: loan.loanRef,
      product: loan.product,
      status: loan.status as LoanStatus,
      lender: { id: lender.id, name: lender.name },
      ...described.get(loan.id),
      ...(client ? { client: { email: client.email, names: `${client.firstName} ${client.lastName}` } } : {}),
      principal: loan.principal,
      fee: loan.fee,
      totalRepayable: loan.totalRepayable,
      months: loan.months,
      feeRatePercent: loan.feeRateBps / 100,
      annualRatePercent: loan.annualRateBps / 100,
      startDate: loan.startDate,
      appliedAt: loan.appliedAt.toISOString(),
      depositPaidAt: loan.depositPaidAt?.toISOString() ?? null,
      decidedAt: loan.decidedAt?.toISOString() ?? null,
      autoApproved: loan.autoApproved,
      declineReason:
        loan.declineReason === null ? null : endReasonIn(loan.declineReason, context.language ?? 'en'),
      settledAt: loan.settledAt?.toISOString() ?? null,
      cancelledAt: loan.cancelledAt?.toISOString() ?? null,
      cancellationReason: loan.cancellationReason,
      refundToLender: loan.refundAmount,
      /** From the ledger: what the client has paid, and what is still owed (negative: paid ahead). */
      paid: paid.paid,
      outstanding: paid.owed,
      /**
       * Before the lender has paid (AWAITING_DEPOSIT, PENDING) nothing is outstanding yet: what the
       * lender is asked to finance (the premium); null once it has paid or the application ended.
       */
      toBeFinanced: isAwaitingLender(loan.status) ? loan.principal : null,
      firstInstalment: instalments[0]?.amount ?? 0,
      /** What the next payment would be ('next'): the first instalment, then each next one. */
      amountDueNow: amountDue(loan, instalments, paid, 'next', today),
      nextInstalment:
        (loan.status === 'ACTIVE' || loan.status === 'AWAITING_DEPOSIT') && next
          ? { number: next.number, dueDate: next.dueDate, amount: next.outstanding }
          : null,
      settlement: settlement
        ? {
            amount: settlement.amount,
            waivedFee: settlement.waivedFee,
            rule: EARLY_SETTLEMENT_RULE,
          }
        : null,
      arrears:
        arrears && arrears.stage !== 'current'
          ? {
              stage: arrears.stage,
              daysLate: arrears.daysLate,
              amount: arrears.arrears,
              instalmentNumber: arrears.instalment!.number,
              noticeFrom: plusDays(arrears.instalment!.dueDate, config.LOAN_GRACE_DAYS + 1),
              cancelFrom: plusDays(
                arrears.instalment!.dueDate,
                config.LOAN_GRACE_DAYS + config.LOAN_NOTICE_DAYS + 1,
              ),
            }
          : null,
      instalments: states.map((instalment) => ({
        number: instalment.number,
        dueDate: instalment.dueDate,
        amount: instalment.amount,
        principal: instalment.principal,
        fee: instalment.fee,
        paid: instalment.paid,
        outstanding: instalment.outstanding,
        state:
          loan.status === 'SETTLED' || loan.status === 'CANCELLED' || loan.status === 'DECLINED'
            ? instalment.outstanding === 0
              ? 'paid'
              : 'closed'
            : instalment.state,
      })),
      events: events
        .filter((event) => event.loanId === loan.id)
        .map((event) => ({
          kind: event.kind,
          message: context.language === 'sw' ? (event.messageSw ?? event.message) : event.message,
          createdAt: event.createdAt.toISOString(),
        })),
    };
  });
}

/** What each loan pays for (the product's own view: the invoice and its policy for IPF). */
async function describeLoans(context: LoanContext, rows: LoanRow[]) {
  const result = new Map<number, Record<string, unknown>>();
  const byProduct = new Map<string, LoanRow[]>();
  for (const row of rows) byProduct.set(row.product, [...(byProduct.get(row.product) ?? []), row]);
  for (const [product, group] of byProduct) {
    const described = await loanProductOf(product).describe(context.db, group);
    for (const [id, view] of described) result.set(id, view);
  }
  return result;
}

const pageOf = <T>(items: T[], total: number, paging: { page: number; pageSize: number }) => ({
  items,
  ...pageInfo(total, paging),
});

/** A page of loans matching `where`, newest first (stable: by id). */
export async function pageOfLoans(
  context: LoanContext,
  where: ReturnType<typeof and>,
  paging: { page: number; pageSize: number },
  options: { withClient?: boolean } = {},
) {
  const [counted] = await context.db.select({ total: sql<string>`count(*)` }).from(loans).where(where);
  const rows = await context.db
    .select()
    .from(loans)
    .where(where)
    .orderBy(desc(loans.id))
    .limit(paging.pageSize)
    .offset((paging.page - 1) * paging.pageSize);
  return pageOf(await presentLoans(context, rows, options), Number(counted?.total ?? 0), paging);
}

export async function getClientLoan(context: LoanContext, userId: string, loanRef: string) {
  const [row] = await context.db
    .select()
    .from(loans)
    .where(and(eq(loans.loanRef, loanRef), eq(loans.userId, userId)));
  if (!row) throw new AppError('not_found', 'Loan not found.');
  return (await presentLoans(context, [row]))[0]!;
}

export async function getLenderLoan(context: LoanContext, lenderId: number, loanRef: string) {
  const [row] = await context.db
    .select()
    .from(loans)
    .where(and(eq(loans.loanRef, loanRef), eq(loans.lenderId, lenderId)));
  if (!row) throw new AppError('not_found', 'Application not found.');
  return (await presentLoans(context, [row], { withClient: true }))[0]!;
}

// ---------------------------------------------------------------- money in and decisions

/** Tells every ACTIVE user of the lender (in-app and e-mail). */
export async function notifyLenderUsers(
  tx: Tx,
  context: LoanCoreContext,
  lenderId: number,
  input: {
    kind: 'loan_application' | 'loan_arrears';
    title: NotificationText;
    body: NotificationText;
    link: string;
  },
) {
  const staff = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.lenderId, lenderId), eq(users.role, 'lender'), eq(users.status, 'ACTIVE')));
  for (const user of staff) {
    await notify(tx, { userId: user.id, ...input, email: { baseUrl: context.services.publicBaseUrl } });
  }
}

async function lenderOf(tx: Database | Tx, lenderId: number): Promise<LenderRow> {
  const [lender] = await tx.select().from(lenders).where(eq(lenders.id, lenderId));
  return lender!;
}

/**
 * After money reached a loan (the caller posted `allocated` to it, the loan row locked): a first
 * instalment paid in full sends the application to the lender (and approves it at once within the
 * lender's automatic-approval limit); an ACTIVE loan paid off — or settled early: a payment for the
 * settlement covered what the rule asked before it, so the fees of instalments not yet due are
 * waived — is SETTLED. Answers the invoice whose policy was issued now (automatic approval), to
 * e-mail its documents after the commit.
 */
export async function afterLoanMoney(
  tx: Tx,
  context: LoanCoreContext,
  loan: LoanRow,
  target: 'next' | 'settle',
  allocated: number,
): Promise<{ issuedInvoiceId: number | null }> {
  const today = context.services.clock.today();
  const money = (await loanMoney(tx, [loan.id])).get(loan.id)!;
  const instalments = (await instalmentsOf(tx, [loan.id])).get(loan.id)!;
  const lender = await lenderOf(tx, loan.lenderId);
  if (loan.status === 'AWAITING_DEPOSIT') {
    if (-money.owed < instalments[0]!.amount) return { issuedInvoiceId: null };
    const [updated] = await tx
      .update(loans)
      .set({ status: 'PENDING', depositPaidAt: new Date() })
      .where(eq(loans.id, loan.id))
      .returning();
    await recordEvent(tx, loan, 'deposit_paid', 0, {
      en: `First instalment of ${formatKes(instalments[0]!.amount)} paid: the application is with ${lender.name}.`,
      sw: `Awamu ya kwanza ya ${formatAmount(instalments[0]!.amount, 'sw')} imelipwa: ombi liko kwa ${lender.name}.`,
    });
    await notifyLenderUsers(tx, context, loan.lenderId, {
      kind: 'loan_application',
      title: {
        en: `New premium financing application ${loan.loanRef}`,
        sw: `Ombi jipya la mkopo wa ada ya bima ${loan.loanRef}`,
      },
      body: {
        en: `${formatKes(loan.principal)} over ${loan.months} months; the first instalment is paid. Approve or decline it.`,
        sw: `${formatAmount(loan.principal, 'sw')} kwa miezi ${loan.months}; awamu ya kwanza imelipwa. Liidhinishe au ulikatae.`,
      },
      link: lenderLink(loan),
    });
    if (lender.autoApproveMaxPrincipal !== null && loan.principal <= lender.autoApproveMaxPrincipal) {
      return approveLoan(tx, context, updated!, { by: null });
    }
    return { issuedInvoiceId: null };
  }
  if (loan.status !== 'ACTIVE') return { issuedInvoiceId: null };
  let owed = money.owed;
  if (target === 'settle' && owed > 0) {
    // The rule as it stood before this payment: the payment settles the loan when it covered it.
    const before = earlySettlement({
      instalments,
      paidTotal: money.paid - allocated,
      outstanding: owed + allocated,
      today,
    });
    const waivedFee = Math.min(before.waivedFee, owed);
    if (allocated >= before.amount && waivedFee > 0) {
      await post(
        tx,
        loanFeeWaiverPosting({
          key: `loan-waiver:${loan.id}`,
          loan: loanRefOf(loan),
          amount: waivedFee,
          why: 'settledEarly',
        }),
      );
      owed -= waivedFee;
    }
  }
  if (owed === 0) {
    await tx.update(loans).set({ status: 'SETTLED', settledAt: new Date() }).where(eq(loans.id, loan.id));
    const message = {
      en:
        target === 'settle'
          ? `Loan settled early. The fees of instalments not yet due were waived.`
          : `Loan paid in full. Thank you.`,
      sw:
        target === 'settle'
          ? 'Mkopo umelipwa mapema. Ada za awamu ambazo hazikuwa zimefika zimeondolewa.'
          : 'Mkopo umelipwa wote. Asante.',
    };
    await recordEvent(tx, loan, 'settled', 0, message);
    await notify(tx, {
      userId: loan.userId,
      kind: 'loan_update',
      title: { en: `Loan ${loan.loanRef} paid in full`, sw: `Mkopo ${loan.loanRef} umelipwa wote` },
      body: message,
      link: loanLink(loan),
      email: { baseUrl: context.services.publicBaseUrl },
    });
  }
  return { issuedInvoiceId: null };
}

/**
 * The lender's approval, in the caller's transaction with the loan locked (by a lender user, or
 * automatic): the product disburses (IPF: the lender pays the invoice and the policy is issued,
 * marked financed) and the fee is charged. When the product cannot disburse any more (the invoice
 * was paid another way meanwhile), the application is withdrawn and its first instalment returned
 * to the client's wallet instead.
 */
export async function approveLoan(
  tx: Tx,
  context: LoanCoreContext,
  loan: LoanRow,
  decision: { by: string | null },
): Promise<{ issuedInvoiceId: number | null }> {
  const lender = await lenderOf(tx, loan.lenderId);
  const disbursed = await loanProductOf(loan.product).disburse(tx, context, loan, lender);
  // The decision in the audit log: the lender user's, or the system's for an automatic approval.
  const actor = decision.by === null ? null : { userId: decision.by, role: 'lender' as const };
  const amount = amountWords(loan.principal);
  if (!disbursed.ok) {
    await endApplication(tx, context, loan, 'WITHDRAWN', disbursed.reason);
    await recordAudit(tx, actor, {
      action: 'lender/application/approveApplication',
      entityType: 'loan',
      entityId: loan.loanRef,
      details: { principal: loan.principal, months: loan.months, withdrawn: disbursed.reason },
      summary: {
        en: `Could not approve loan ${loan.loanRef} of ${amount.en}: withdrawn, as ${disbursed.reason}`,
        sw: `Haikuweza kuidhinisha mkopo ${loan.loanRef} wa ${amount.sw}: umeondolewa, kwa kuwa ${endReasonIn(disbursed.reason, 'sw')}`,
      },
      changes: [
        { what: LOAN_STATUS_WORD, before: LOAN_STATUS_WORDS.PENDING, after: LOAN_STATUS_WORDS.WITHDRAWN },
      ],
    });
    return { issuedInvoiceId: null };
  }
  await recordAudit(tx, actor, {
    action: 'lender/application/approveApplication',
    entityType: 'loan',
    entityId: loan.loanRef,
    details: { principal: loan.principal, months: loan.months, automatic: decision.by === null },
    summary:
      decision.by === null
        ? {
            en: `Approved loan ${loan.loanRef} of ${amount.en} for ${loan.months} months automatically, within the lender's limits`,
            sw: `Mkopo ${loan.loanRef} wa ${amount.sw} kwa miezi ${loan.months} uliidhinishwa moja kwa moja, ndani ya mipaka ya mkopeshaji`,
          }
        : {
            en: `Approved loan ${loan.loanRef} of ${amount.en} for ${loan.months} months`,
            sw: `Aliidhinisha mkopo ${loan.loanRef} wa ${amount.sw} kwa miezi ${loan.months}`,
          },
    changes: [{ what: LOAN_STATUS_WORD, before: LOAN_STATUS_WORDS.PENDING, after: LOAN_STATUS_WORDS.ACTIVE }],
  });
  await post(tx, loanFeePosting({ loan: loanRefOf(loan), amount: loan.fee }));
  await tx
    .update(loans)
    .set({
      status: 'ACTIVE',
      decidedAt: new Date(),
      decidedBy: decision.by,
      autoApproved: decision.by === null,
    })
    .where(eq(loans.id, loan.id));
  const message = {
    en: `${lender.name} approved the loan${decision.by === null ? ' (automatically, within its limits)' : ''} and paid ${disbursed.what}. ${disbursed.outcome}`,
    sw: `${lender.name} imeidhinisha mkopo${decision.by === null ? ' (moja kwa moja, ndani ya mipaka yake)' : ''} na kulipa kiasi chake. Maelezo yote yako kwenye ukurasa wa mkopo.`,
  };
  await recordEvent(tx, loan, 'approved', 0, message);
  await notify(tx, {
    userId: loan.userId,
    kind: 'loan_update',
    title: { en: `Loan ${loan.loanRef} approved`, sw: `Mkopo ${loan.loanRef} umeidhinishwa` },
    body: message,
    link: loanLink(loan),
    email: { baseUrl: context.services.publicBaseUrl },
  });
  return { issuedInvoiceId: disbursed.issuedInvoiceId };
}

/**
 * Ends an application that never became a loan (declined, withdrawn): what it received goes back
 * to the client's wallet, and the client is told why.
 */
export async function endApplication(
  tx: Tx,
  context: LoanCoreContext,
  loan: LoanRow,
  status: 'DECLINED' | 'WITHDRAWN',
  reason: string,
  decidedBy: string | null = null,
) {
  const money = (await loanMoney(tx, [loan.id])).get(loan.id)!;
  const held = -money.owed;
  if (held > 0) {
    await post(
      tx,
      loanReturnPosting({
        loan: loanRefOf(loan),
        amount: held,
        why: status === 'DECLINED' ? 'declined' : 'withdrawn',
      }),
    );
  }
  await tx
    .update(loans)
    .set({
      status,
      decidedAt: new Date(),
      decidedBy,
      declineReason: reason,
    })
    .where(eq(loans.id, loan.id));
  const back = held > 0 ? ` The ${formatKes(held)} you paid is back in your wallet.` : '';
  const message = {
    en:
      status === 'DECLINED'
        ? `The lender declined the application: ${reason}.${back}`
        : `Application withdrawn: ${reason}.${back}`,
    sw: `${status === 'DECLINED' ? 'Mkopeshaji amekataa ombi' : 'Ombi limeondolewa'}: ${endReasonIn(reason, 'sw')}.${held > 0 ? ` ${formatAmount(held, 'sw')} ulizolipa zimerudishwa kwenye pochi yako.` : ''}`,
  };
  await recordEvent(tx, loan, status === 'DECLINED' ? 'declined' : 'withdrawn', 0, message);
  await notify(tx, {
    userId: loan.userId,
    kind: 'loan_update',
    title:
      status === 'DECLINED'
        ? { en: `Application ${loan.loanRef} declined`, sw: `Ombi ${loan.loanRef} limekataliwa` }
        : { en: `Application ${loan.loanRef} withdrawn`, sw: `Ombi ${loan.loanRef} limeondolewa` },
    body: message,
    link: loanLink(loan),
    email: { baseUrl: context.services.publicBaseUrl },
  });
}

/** The loan's account as a ledger reference (for tests and the statement). */
export const loanAccountOf = (loan: LoanRow) => loanAccount(loan.id, loan.userId);

/** How many of the client's loans have a payment to make now (My loans' "amount due now" above zero). */
export async function countLoansDue(db: Database, userId: string, today: string): Promise<number> {
  const rows = await db
    .select()
    .from(loans)
    .where(and(eq(loans.userId, userId), inArray(loans.status, ['AWAITING_DEPOSIT', 'ACTIVE', 'CANCELLED'])));
  if (rows.length === 0) return 0;
  const ids = rows.map((row) => row.id);
  const [money, schedules] = await Promise.all([loanMoney(db, ids), instalmentsOf(db, ids)]);
  return rows.filter(
    (loan) => amountDue(loan, schedules.get(loan.id) ?? [], money.get(loan.id)!, 'next', today) > 0,
  ).length;
}
