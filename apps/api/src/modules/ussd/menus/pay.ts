import { parseKenyanPhone, renewalWindow } from '@bima/domain';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { invoices, loans, policies, quotations } from '../../../db/schema';
import { AppError } from '../../../gateway/errors';
import { type Bilingual, formatAmount } from '../../../lib/language';
import { requestInvoicePayment } from '../../invoice/service';
import { requestLoanMpesaPayment } from '../../loan/payments';
import { amountDue, instalmentsOf, loanMoney } from '../../loan/service';
import { getInvoice, listInvoices } from '../../policy/service';
import { completeQuotation } from '../../quotation/service';
import { quoteRenewal } from '../../renewal/service';
import { con, end, fill, USSD_SCREEN_MAX, type UssdContext, type UssdMenu, type UssdReply } from '../menu';
import { USSD_SCREEN } from '../messages';

/*
 * Menu 3, Pay (issue 32): what the client owes now — unpaid invoices (a month of a monthly policy is
 * one), a renewal whose window is open, a loan instalment due — chosen from a list, its amount shown,
 * then confirmed: the SAME M-Pesa prompt the portal sends for it (requestInvoicePayment,
 * requestLoanMpesaPayment; a renewal is first quoted and invoiced as the portal's Renew does) to the
 * phone that dialled. Only references travel in the session; amounts are read again at each step.
 */

/** Every screen's words; `{name}` is filled by `fill`. */
export const PAY_TEXTS = {
  label: { en: 'Pay', sw: 'Lipa' },
  nothing: {
    en: 'You have nothing to pay now. Thank you.',
    sw: 'Huna malipo yoyote sasa. Asante.',
  },
  choose: { en: 'What do you want to pay?', sw: 'Unataka kulipa nini?' },
  more: { en: 'More', sw: 'Zaidi' },
  invoice: { en: 'Premium {product}', sw: 'Ada {product}' },
  month: { en: 'Month {month} {product}', sw: 'Mwezi {month} {product}' },
  renewal: { en: 'Renew {policy}', sw: 'Huisha {policy}' },
  loan: { en: 'Loan {loan} instalment', sw: 'Awamu ya mkopo {loan}' },
  confirm: {
    en: '{item}\nAmount: {amount}\nM-Pesa prompt to {phone}\n1. Pay\n2. Cancel',
    sw: '{item}\nKiasi: {amount}\nOmbi la M-Pesa kwa {phone}\n1. Lipa\n2. Ghairi',
  },
  prompted: {
    en: 'Enter your M-Pesa PIN on the prompt to pay {amount}. You will get an SMS when it is paid.',
    sw: 'Weka PIN yako ya M-Pesa kwenye ombi ili ulipe {amount}. Utapata SMS malipo yakifika.',
  },
  payOrCancel: { en: '1. Pay\n2. Cancel', sw: '1. Lipa\n2. Ghairi' },
  cancelled: {
    en: 'Nothing was paid. Dial again any time.',
    sw: 'Hakuna kilicholipwa. Piga tena wakati wowote.',
  },
  invalidChoice: USSD_SCREEN.notAChoice,
  notMpesa: {
    en: 'This phone cannot pay by M-Pesa. Pay in the portal.',
    sw: 'Simu hii haiwezi kulipa kwa M-Pesa. Lipa kwenye tovuti.',
  },
  paid: { en: 'This is already paid. Thank you.', sw: 'Hili limeshalipwa. Asante.' },
  pending: {
    en: 'A payment prompt is already on your phone. Enter your PIN, or try again in 2 minutes.',
    sw: 'Ombi la malipo tayari liko kwenye simu yako. Weka PIN, au jaribu tena baada ya dakika 2.',
  },
  expired: {
    en: 'This price has expired. Get a new quote in the portal.',
    sw: 'Bei hii imeisha muda. Pata bei mpya kwenye tovuti.',
  },
  details: {
    en: 'Your vehicle or ID details are missing. Add them in the portal, then pay.',
    sw: 'Maelezo ya gari au kitambulisho hayajakamilika. Yaongeze kwenye tovuti, kisha ulipe.',
  },
  renewed: { en: 'This policy is already renewed.', sw: 'Bima hii imeshahuishwa.' },
  busy: {
    en: 'M-Pesa could not send the prompt. Please try again in a moment.',
    sw: 'M-Pesa haikuweza kutuma ombi. Tafadhali jaribu tena baadaye kidogo.',
  },
  unavailable: {
    en: 'This cannot be paid here now. Please pay in the portal.',
    sw: 'Hili haliwezi kulipwa hapa sasa. Tafadhali lipa kwenye tovuti.',
  },
} as const satisfies Record<string, Bilingual>;

type Texts = typeof PAY_TEXTS;

/** One thing to pay, as the session keeps it: what it is and its reference, never an amount. */
interface PayItem {
  kind: 'invoice' | 'renewal' | 'loan';
  ref: string;
  line: string;
}

const say = (context: UssdContext, key: keyof Texts, values: Record<string, string | number> = {}) =>
  fill(context.t(PAY_TEXTS[key]), values);

/** A list line kept short: a screen holds several and each is at most this long. */
const LINE_MAX = 44;
const short = (line: string) => (line.length <= LINE_MAX ? line : `${line.slice(0, LINE_MAX - 1)}…`);

const userIdOf = (context: UssdContext) => {
  if (!context.caller.client) throw new Error('the pay menu is personal: the engine lets only a client in');
  return context.caller.client.userId;
};

/** What the client can pay now, in the order a person expects: invoices, renewals, loans. */
async function payablesOf(context: UssdContext): Promise<PayItem[]> {
  const { db, services } = context;
  const userId = userIdOf(context);
  const today = services.clock.today();
  const items: PayItem[] = [];

  // Unpaid invoices (a quotation's premium, a month of a monthly policy), as the portal lists them.
  const unpaid = (await listInvoices(db, userId, {
    maxPerPrompt: services.mpesa.maxAmount,
    status: 'UNPAID',
  })) as Awaited<ReturnType<typeof getInvoice>>[];
  // An invoice being financed is paid through its loan's instalments (listed below), not here.
  const financed = new Set(
    (
      await db
        .select({ ref: invoices.invoiceSystemRef })
        .from(loans)
        .innerJoin(invoices, eq(invoices.id, loans.invoiceId))
        .where(
          and(eq(loans.userId, userId), inArray(loans.status, ['AWAITING_DEPOSIT', 'PENDING', 'ACTIVE'])),
        )
    ).map((row) => row.ref),
  );
  for (const invoice of unpaid) {
    if (invoice.amountDueNow <= 0 || invoice.isQuotationExpired || financed.has(invoice.invoiceSystemRef))
      continue;
    const line = invoice.monthNo
      ? say(context, 'month', { month: invoice.monthNo, product: invoice.productName })
      : say(context, 'invoice', { product: invoice.productName });
    items.push({ kind: 'invoice', ref: invoice.invoiceSystemRef, line: short(line) });
  }

  // Renewals due: a motor policy in its renewal window, not renewed, without an unpaid renewal invoice
  // (that one is listed above).
  const held = await db
    .select({ id: policies.id, policyNumber: policies.policyNumber, endDate: policies.endDate })
    .from(policies)
    .innerJoin(quotations, eq(quotations.id, policies.quotationId))
    .where(and(eq(policies.userId, userId), isNull(policies.cancelledOn), eq(quotations.classCode, '07')));
  const open = held.filter((policy) => renewalWindow({ endDate: policy.endDate, today }).state === 'open');
  if (open.length > 0) {
    const ids = open.map((policy) => policy.id);
    const renewed = await db
      .select({ id: policies.renewsPolicyId })
      .from(policies)
      .where(inArray(policies.renewsPolicyId, ids));
    const invoiced = await db
      .select({ id: quotations.renewalOfPolicyId })
      .from(invoices)
      .innerJoin(quotations, eq(quotations.id, invoices.quotationId))
      .where(and(inArray(quotations.renewalOfPolicyId, ids), eq(invoices.status, 'UNPAID')));
    const skip = new Set([...renewed, ...invoiced].map((row) => row.id));
    for (const policy of open) {
      if (skip.has(policy.id)) continue;
      items.push({
        kind: 'renewal',
        ref: policy.policyNumber,
        line: short(say(context, 'renewal', { policy: policy.policyNumber })),
      });
    }
  }

  // Loan instalments due now (My loans' "amount due now").
  const owed = await db
    .select()
    .from(loans)
    .where(and(eq(loans.userId, userId), inArray(loans.status, ['AWAITING_DEPOSIT', 'ACTIVE', 'CANCELLED'])));
  if (owed.length > 0) {
    const ids = owed.map((loan) => loan.id);
    const [money, schedules] = await Promise.all([loanMoney(db, ids), instalmentsOf(db, ids)]);
    for (const loan of owed) {
      if (amountDue(loan, schedules.get(loan.id) ?? [], money.get(loan.id)!, 'next', today) <= 0) continue;
      items.push({
        kind: 'loan',
        ref: loan.loanRef,
        line: short(say(context, 'loan', { loan: loan.loanRef })),
      });
    }
  }
  return items;
}

/** The list from `first`, as many lines as fit one screen, with "9 More" when some are left. */
function listScreen(context: UssdContext, items: PayItem[], first: number): UssdReply {
  const more = `\n9. ${say(context, 'more')}`;
  let screen = say(context, 'choose');
  let shown = 0;
  for (let index = first; index < items.length && shown < 8; index += 1) {
    const line = `\n${shown + 1}. ${items[index]!.line}`;
    const isLast = index === items.length - 1;
    if (screen.length + line.length + (isLast ? 0 : more.length) > USSD_SCREEN_MAX) break;
    screen += line;
    shown += 1;
  }
  const hasMore = first + shown < items.length;
  if (hasMore) screen += more;
  return con(screen, 'choose', { items, first, shown });
}

/** The amount the prompt would ask for now, in cents; a renewal is quoted and invoiced first. */
async function amountOf(context: UssdContext, item: PayItem): Promise<{ item: PayItem; amount: number }> {
  const { db, services, log } = context;
  const userId = userIdOf(context);
  if (item.kind === 'renewal') {
    const renewal = await quoteRenewal(
      db,
      userId,
      { policyNumber: item.ref },
      { validDays: context.config.QUOTATION_VALID_DAYS, today: services.clock.today() },
    );
    const invoice = await completeQuotation(db, userId, renewal.quotation.systemQuotationRef, {
      dmvic: services.dmvic.client,
      log,
    });
    return amountOf(context, { kind: 'invoice', ref: invoice.invoiceSystemRef, line: item.line });
  }
  if (item.kind === 'invoice') {
    const invoice = await getInvoice(db, userId, item.ref, { maxPerPrompt: services.mpesa.maxAmount });
    return { item, amount: invoice.status === 'PAID' ? 0 : invoice.amountDueNow };
  }
  const [loan] = await db
    .select()
    .from(loans)
    .where(and(eq(loans.loanRef, item.ref), eq(loans.userId, userId)));
  if (!loan) return { item, amount: 0 };
  const [money, schedules] = await Promise.all([loanMoney(db, [loan.id]), instalmentsOf(db, [loan.id])]);
  const due = amountDue(loan, schedules.get(loan.id)!, money.get(loan.id)!, 'next', services.clock.today());
  return { item, amount: Math.min(due, services.mpesa.maxAmount * 100) };
}

/** The payment modules' refusals (AppError codes) and what the caller is told. */
const REFUSALS: Readonly<Record<string, keyof Texts>> = {
  INVOICE_PAID: 'paid',
  LOAN_NOTHING_DUE: 'paid',
  PAYMENT_PENDING: 'pending',
  QUOTATION_EXPIRED: 'expired',
  POLICY_EXPIRED: 'expired',
  RISK_DETAILS_MISSING: 'details',
  ALREADY_RENEWED: 'renewed',
  PAYMENT_REQUEST_FAILED: 'busy',
};

/** A refusal of the payment modules, said in the caller's words; anything else is not ours to hide. */
function refusal(context: UssdContext, error: unknown): UssdReply {
  if (!(error instanceof AppError)) throw error;
  const code = String(error.code);
  const key = REFUSALS[code] ?? 'unavailable';
  context.log.info({ code, message: error.message }, 'USSD payment refused');
  return end(say(context, key));
}

/** The caller's phone as M-Pesa takes it (2547…), or null for a number M-Pesa cannot prompt. */
const mpesaPhoneOf = (phone: string) => {
  const parsed = parseKenyanPhone(phone);
  return parsed?.isMobile ? parsed : null;
};

export const payMenu: UssdMenu = {
  id: 'pay',
  label: PAY_TEXTS.label,
  personal: true,
  async start(context) {
    const items = await payablesOf(context);
    if (items.length === 0) return end(say(context, 'nothing'));
    return listScreen(context, items, 0);
  },
  async answer(context, step, input) {
    if (step.step === 'choose') {
      const { items, first, shown } = step.data as { items: PayItem[]; first: number; shown: number };
      const hasMore = first + shown < items.length;
      if (input === '9' && hasMore) return listScreen(context, items, first + shown);
      const number = /^[1-8]$/.test(input) ? Number(input) : 0;
      const chosen = number >= 1 && number <= shown ? items[first + number - 1] : undefined;
      if (!chosen) {
        const again = listScreen(context, items, first);
        return again.type === 'con'
          ? con(
              `${say(context, 'invalidChoice')}\n${again.screen}`.slice(0, USSD_SCREEN_MAX),
              'choose',
              step.data,
            )
          : again;
      }
      const phone = mpesaPhoneOf(context.caller.phone);
      if (!phone) return end(say(context, 'notMpesa'));
      let priced: { item: PayItem; amount: number };
      try {
        priced = await amountOf(context, chosen);
      } catch (error) {
        return refusal(context, error);
      }
      if (priced.amount <= 0) return end(say(context, 'paid'));
      const screen = say(context, 'confirm', {
        item: priced.item.line,
        amount: formatAmount(priced.amount, context.caller.language),
        phone: phone.local,
      });
      return con(screen, 'confirm', { item: priced.item });
    }
    if (step.step === 'confirm') {
      const { item } = step.data as { item: PayItem };
      if (input === '2') return end(say(context, 'cancelled'));
      if (input !== '1') {
        return con(`${say(context, 'invalidChoice')}\n${say(context, 'payOrCancel')}`, 'confirm', step.data);
      }
      const phone = mpesaPhoneOf(context.caller.phone);
      if (!phone) return end(say(context, 'notMpesa'));
      const userId = userIdOf(context);
      const payment = { db: context.db, services: context.services, log: context.log };
      try {
        const prompted =
          item.kind === 'loan'
            ? await requestLoanMpesaPayment({ ...payment, config: context.config }, userId, {
                loanRef: item.ref,
                target: 'next',
                phone: phone.msisdn,
              })
            : await requestInvoicePayment(payment, userId, item.ref, phone.msisdn);
        return end(
          say(context, 'prompted', { amount: formatAmount(prompted.amount, context.caller.language) }),
        );
      } catch (error) {
        return refusal(context, error);
      }
    }
    return payMenu.start(context);
  },
};
