import { arrearsStage, daysFrom, formatKes, instalmentStates, plusDays } from '@bima/domain';
import { and, asc, eq, gt } from 'drizzle-orm';
import { lenders, loanEvents, loans } from '../../db/schema';
import { kenyaToday } from '../../lib/dates';
import { type Bilingual, formatAmount, formatDay, type Language } from '../../lib/language';
import { recordAudit } from '../audit/service';
import { amountWords } from '../audit/words';
import { type NotificationText, notify } from '../notification/service';
import { smsTexts } from '../notification/sms-texts';
import { type ArrearsWords, LOAN_STATUS_WORD, LOAN_STATUS_WORDS, loanProductOf } from './products';
import {
  instalmentsOf,
  type LoanContext,
  type LoanRow,
  lenderLink,
  loanLink,
  loanMoney,
  notifyLenderUsers,
  readableDate,
  recordEvent,
} from './service';

/**
 * The loan engine's scheduled jobs. Each is a plain function of the context, safe to run again and
 * on several instances at once: every reminder and every step of the arrears process is claimed by
 * inserting its `loan_events` row (unique per loan, kind and instalment) in the transaction of its
 * notification, and the cancellation re-reads the loan under a row lock. "Today" is the clock's
 * (services.clock), so tests and development can move time on.
 */

const ACTIVE_BATCH = 200;

/** Every ACTIVE loan, in batches of ids (a stable order), with its instalments and money. */
async function* activeLoans(context: LoanContext) {
  let after = 0;
  for (;;) {
    const rows = await context.db
      .select()
      .from(loans)
      .where(and(eq(loans.status, 'ACTIVE'), gt(loans.id, after)))
      .orderBy(asc(loans.id))
      .limit(ACTIVE_BATCH);
    if (rows.length === 0) return;
    const ids = rows.map((row) => row.id);
    const [money, schedules] = await Promise.all([
      loanMoney(context.db, ids),
      instalmentsOf(context.db, ids),
    ]);
    for (const loan of rows) yield { loan, money: money.get(loan.id)!, instalments: schedules.get(loan.id)! };
    after = rows.at(-1)!.id;
    if (rows.length < ACTIVE_BATCH) return;
  }
}

const whenDue = (days: number) => (days === 0 ? 'today' : days === 1 ? 'tomorrow' : `in ${days} days`);
const whenDueSw = (days: number) => (days === 0 ? 'leo' : days === 1 ? 'kesho' : `baada ya siku ${days}`);

/**
 * Reminds clients of instalments coming due: `days` before (7 and 1 by default), once per
 * instalment and stage — the nearest stage reached, so a reminder missed while the job was down is
 * not sent late twice. Returns how many were sent.
 */
export async function sendInstalmentReminders(context: LoanContext, options: { days: readonly number[] }) {
  if (options.days.length === 0) return 0;
  const today = context.services.clock.today();
  let sent = 0;
  for await (const { loan, money, instalments } of activeLoans(context)) {
    for (const instalment of instalmentStates(instalments, money.paid, today)) {
      if (instalment.outstanding === 0 || instalment.dueDate < today) continue;
      const daysLeft = daysFrom(today, instalment.dueDate);
      const reached = options.days.filter((day) => daysLeft <= day);
      if (reached.length === 0) continue;
      const stage = Math.min(...reached);
      const message = `Instalment ${instalment.number} of ${formatKes(instalment.outstanding)} is due ${whenDue(daysLeft)} (${readableDate(instalment.dueDate)}). Pay it by M-Pesa or from your wallet on the loan's page.`;
      const messageSw = `Awamu ya ${instalment.number} ya ${formatAmount(instalment.outstanding, 'sw')} inadaiwa ${whenDueSw(daysLeft)} (${formatDay(instalment.dueDate, 'sw')}). Ilipe kwa M-Pesa au kutoka kwenye pochi yako kwenye ukurasa wa mkopo.`;
      const claimed = await context.db.transaction(async (tx) => {
        const at = context.services.clock.now();
        const text = { en: message, sw: messageSw };
        if (!(await recordEvent(tx, loan, `reminder_${stage}`, instalment.number, text, at))) return false;
        await notify(tx, {
          userId: loan.userId,
          kind: 'instalment_reminder',
          title: {
            en: `Loan ${loan.loanRef}: instalment due ${whenDue(daysLeft)}`,
            sw: `Mkopo ${loan.loanRef}: awamu inadaiwa ${whenDueSw(daysLeft)}`,
          },
          body: text,
          link: loanLink(loan),
          email: { baseUrl: context.services.publicBaseUrl },
          sms: smsTexts.loanInstalmentDue({
            loanRef: loan.loanRef,
            number: instalment.number,
            amount: instalment.outstanding,
            dueDate: instalment.dueDate,
          }),
        });
        return true;
      });
      if (claimed) sent += 1;
    }
  }
  if (sent > 0) context.log.info({ sent, today }, 'instalment reminders sent');
  return sent;
}

/**
 * The arrears process of every ACTIVE loan: a missed instalment (unpaid after its due date) is told
 * to the client at once; after LOAN_GRACE_DAYS a notice says the lender will ask the insurer to
 * cancel unless the arrears are paid within LOAN_NOTICE_DAYS; after that the lender asks, the
 * product cancels (IPF: the policy, with its unearned premium refunded to the lender) and the loan is
 * CANCELLED. Each step is told once, to the client (in-app and e-mail) and the lender's users.
 */
export async function runArrearsProcess(context: LoanContext) {
  const { config } = context;
  const today = context.services.clock.today();
  const counts = { overdue: 0, notices: 0, cancelled: 0 };
  for await (const { loan, money, instalments } of activeLoans(context)) {
    const state = arrearsStage({
      instalments,
      paidTotal: money.paid,
      today,
      graceDays: config.LOAN_GRACE_DAYS,
      noticeDays: config.LOAN_NOTICE_DAYS,
    });
    if (state.stage === 'current' || !state.instalment) continue;
    const { number, dueDate } = state.instalment;
    const arrears = formatKes(state.arrears);
    const noticeFrom = plusDays(dueDate, config.LOAN_GRACE_DAYS + 1);
    const cancelFrom = plusDays(dueDate, config.LOAN_GRACE_DAYS + config.LOAN_NOTICE_DAYS + 1);
    if (state.stage === 'overdue') {
      const message = {
        en: `Instalment ${number} was due on ${readableDate(dueDate)} and is not paid: ${arrears} is overdue. Pay it before ${readableDate(noticeFrom)} to keep your cover safe.`,
        sw: `Awamu ya ${number} ilipaswa kulipwa tarehe ${formatDay(dueDate, 'sw')} na haijalipwa: ${formatAmount(state.arrears, 'sw')} zimechelewa. Zilipe kabla ya ${formatDay(noticeFrom, 'sw')} ili bima yako isiwe hatarini.`,
      };
      const title = {
        en: `Loan ${loan.loanRef}: instalment ${number} missed`,
        sw: `Mkopo ${loan.loanRef}: awamu ya ${number} haijalipwa`,
      };
      const sms = smsTexts.loanInstalmentMissed({
        loanRef: loan.loanRef,
        number,
        arrears: state.arrears,
        payBy: plusDays(noticeFrom, -1),
      });
      if (await tellOnce(context, loan, 'overdue', number, title, message, sms)) counts.overdue += 1;
      continue;
    }
    // The notice comes before any cancellation and gives its full LOAN_NOTICE_DAYS, even when it goes
    // late (the job did not run for a while): the cancellation waits for it.
    const [notice] = await context.db
      .select({ createdAt: loanEvents.createdAt })
      .from(loanEvents)
      .where(
        and(
          eq(loanEvents.loanId, loan.id),
          eq(loanEvents.kind, 'notice'),
          eq(loanEvents.instalmentNumber, number),
        ),
      );
    if (!notice) {
      const lastDay = [plusDays(cancelFrom, -1), plusDays(today, config.LOAN_NOTICE_DAYS - 1)].sort().at(-1)!;
      const words = arrearsWordsOf(loan.product);
      const message = {
        en: `Notice: ${arrears} of loan ${loan.loanRef} is overdue since ${readableDate(dueDate)}. Unless it is paid by ${readableDate(lastDay)}, ${words.en.consequence}.`,
        sw: `Ilani: ${formatAmount(state.arrears, 'sw')} za mkopo ${loan.loanRef} zimechelewa tangu ${formatDay(dueDate, 'sw')}. Zisipolipwa kufikia ${formatDay(lastDay, 'sw')}, ${words.sw.consequence}.`,
      };
      const title = {
        en: `Loan ${loan.loanRef}: notice before cancellation`,
        sw: `Mkopo ${loan.loanRef}: ilani kabla ya kughairiwa`,
      };
      const sms = smsTexts.loanNotice({ loanRef: loan.loanRef, arrears: state.arrears, lastDay });
      if (await tellOnce(context, loan, 'notice', number, title, message, sms)) counts.notices += 1;
      continue;
    }
    if (state.stage === 'notice') continue;
    if (plusDays(kenyaToday(notice.createdAt), config.LOAN_NOTICE_DAYS) > today) continue;
    if (await cancelLoan(context, loan.id, number)) counts.cancelled += 1;
  }
  if (counts.overdue + counts.notices + counts.cancelled > 0)
    context.log.info({ ...counts, today }, 'loan arrears process');
  return counts;
}

/** Records a step of the arrears process and tells the client and the lender, once. */
async function tellOnce(
  context: LoanContext,
  loan: LoanRow,
  kind: 'overdue' | 'notice',
  instalment: number,
  title: NotificationText,
  message: NotificationText,
  /** The client's text message of the step. */
  sms: Bilingual,
) {
  return context.db.transaction(async (tx) => {
    if (!(await recordEvent(tx, loan, kind, instalment, message, context.services.clock.now()))) return false;
    await notify(tx, {
      userId: loan.userId,
      kind: 'loan_arrears',
      title,
      body: message,
      link: loanLink(loan),
      email: { baseUrl: context.services.publicBaseUrl },
      sms,
    });
    await notifyLenderUsers(tx, context, loan.lenderId, {
      kind: 'loan_arrears',
      title,
      body: message,
      link: lenderLink(loan),
    });
    return true;
  });
}

/**
 * The end of the arrears process, in one transaction with the loan locked and its state read again
 * (money may have come in): the lender asks the insurer to cancel, the product cancels, the loan is
 * CANCELLED and everyone is told. Another instance doing the same waits for the lock, then finds the
 * loan no longer ACTIVE.
 */
async function cancelLoan(context: LoanContext, loanId: number, instalment: number): Promise<boolean> {
  const { config } = context;
  return context.db.transaction(async (tx) => {
    const [loan] = await tx.select().from(loans).where(eq(loans.id, loanId)).for('update');
    if (loan?.status !== 'ACTIVE') return false;
    const today = context.services.clock.today();
    const money = (await loanMoney(tx, [loan.id])).get(loan.id)!;
    const instalments = (await instalmentsOf(tx, [loan.id])).get(loan.id)!;
    const state = arrearsStage({
      instalments,
      paidTotal: money.paid,
      today,
      graceDays: config.LOAN_GRACE_DAYS,
      noticeDays: config.LOAN_NOTICE_DAYS,
    });
    if (state.stage !== 'cancel') return false;
    const [lender] = await tx.select().from(lenders).where(eq(lenders.id, loan.lenderId));
    const at = context.services.clock.now();
    await recordEvent(
      tx,
      loan,
      'cancellation_requested',
      instalment,
      {
        en: `${lender!.name} ${arrearsWordsOf(loan.product).en.requested}: ${formatKes(state.arrears)} was still overdue ${state.daysLate} days after instalment ${instalment} fell due.`,
        sw: `${lender!.name} ${arrearsWordsOf(loan.product).sw.requested}: ${formatAmount(state.arrears, 'sw')} zilikuwa bado hazijalipwa siku ${state.daysLate} baada ya awamu ya ${instalment} kufika.`,
      },
      at,
    );
    const outcome = await loanProductOf(loan.product).cancelForDefault(tx, context, loan, lender!);
    await tx
      .update(loans)
      .set({
        status: 'CANCELLED',
        cancelledAt: new Date(),
        cancellationReason: outcome.reason,
        refundAmount: outcome.refund,
      })
      .where(eq(loans.id, loan.id));
    await recordEvent(tx, loan, 'cancelled', instalment, outcome.message, at);
    await recordAudit(tx, null, {
      action: 'system/loan/cancelForArrears',
      entityType: 'loan',
      entityId: loan.loanRef,
      details: { arrears: state.arrears, instalment, daysLate: state.daysLate, refund: outcome.refund },
      summary: {
        en: `Cancelled loan ${loan.loanRef} for arrears: ${amountWords(state.arrears).en} still overdue ${state.daysLate} days after instalment ${instalment} fell due`,
        sw: `Mkopo ${loan.loanRef} ulighairiwa kwa malimbikizo: ${amountWords(state.arrears).sw} bado hazijalipwa siku ${state.daysLate} baada ya awamu ya ${instalment} kufika`,
      },
      changes: [
        { what: LOAN_STATUS_WORD, before: LOAN_STATUS_WORDS.ACTIVE, after: LOAN_STATUS_WORDS.CANCELLED },
        { what: { en: 'Overdue', sw: 'Zilizochelewa' }, after: amountWords(state.arrears) },
        {
          what: { en: 'Refund to the lender', sw: 'Marejesho kwa mkopeshaji' },
          after: amountWords(outcome.refund),
        },
      ],
    });
    const words = arrearsWordsOf(loan.product);
    await notify(tx, {
      userId: loan.userId,
      kind: 'loan_arrears',
      title: {
        en: `Loan ${loan.loanRef}: ${words.en.title}`,
        sw: `Mkopo ${loan.loanRef}: ${words.sw.title}`,
      },
      body: outcome.message,
      link: loanLink(loan),
      email: { baseUrl: context.services.publicBaseUrl },
      sms: smsTexts.loanCancelled({ loanRef: loan.loanRef }),
    });
    await notifyLenderUsers(tx, context, loan.lenderId, {
      kind: 'loan_arrears',
      title: { en: `Loan ${loan.loanRef} cancelled`, sw: `Mkopo ${loan.loanRef} umeghairiwa` },
      body: outcome.message,
      link: lenderLink(loan),
    });
    return true;
  });
}

/** The jobs in one list, run in order by the plugin (and by `/dev/clock` after moving the clock). */
export const LOAN_JOBS = [
  {
    name: 'instalment-reminders',
    run: (context: LoanContext) =>
      sendInstalmentReminders(context, { days: context.config.LOAN_REMINDER_DAYS }),
  },
  { name: 'loan-arrears', run: (context: LoanContext) => runArrearsProcess(context) },
] as const;

/** Runs every loan job once, in order; answers each one's result. */
export async function runLoanJobs(context: LoanContext) {
  const results: Record<string, unknown> = {};
  for (const job of LOAN_JOBS) results[job.name] = await job.run(context);
  return results;
}

/** The insurer cancels the financed policy: the end of the arrears process unless a product says otherwise. */
const CANCEL_POLICY_WORDS: Record<Language, ArrearsWords> = {
  en: {
    consequence: 'the lender will ask the insurer to cancel the policy it financed',
    requested: 'asked the insurer to cancel the financed policy',
    title: 'policy cancelled',
  },
  sw: {
    consequence: 'mkopeshaji ataiomba kampuni ya bima ighairi sera ya bima aliyoifadhili',
    requested: 'imeiomba kampuni ya bima ighairi sera ya bima iliyofadhiliwa',
    title: 'sera ya bima imeghairiwa',
  },
};

/** The product's words for the end of the arrears process, in each language (IPF's by default). */
function arrearsWordsOf(product: string): Record<Language, ArrearsWords> {
  return loanProductOf(product).arrearsWords ?? CANCEL_POLICY_WORDS;
}
