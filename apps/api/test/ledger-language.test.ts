import { readLedgerDescription } from '@bima/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerTransactions, mailQueue, notifications, users } from '../src/db/schema';
import { runArrearsProcess } from '../src/modules/loan/jobs';
import { buildListeningTestApp, type TestContext } from './helpers';
import {
  invoiceFor,
  MPESA_TEST_ENV,
  newSignedInClient,
  PAYS,
  waitSucceeded,
  waitUntil,
} from './purchase-helpers';
import { type Headers, send, signInAs } from './staff-helpers';

const LENDER = 'lender@mavuno-finance.example';
const DAY = 86_400_000;

/**
 * Issue 14: ledger lines (wallet, statement, its PDF) and the loan engine's arrears notifications
 * read in the reader's language — Swahili for a Swahili reader, English for an English one.
 */
describe('ledger descriptions and loan arrears notifications in English and Swahili', () => {
  let ctx: TestContext;
  let lender: Headers;
  const db = () => ctx.database.db;
  const context = () => ({ db: db(), services: ctx.app.services, log: ctx.app.log, config: ctx.config });

  beforeAll(async () => {
    ctx = await buildListeningTestApp({
      ...MPESA_TEST_ENV,
      LOAN_GRACE_DAYS: '7',
      LOAN_NOTICE_DAYS: '7',
      LOAN_REMINDER_DAYS: '7,1',
    });
    lender = (await signInAs(ctx, LENDER)).headers;
  }, 120_000);
  afterAll(async () => {
    ctx.app.services.clock.reset();
    await ctx.app.close();
  });

  const ok = async (path: string, data: unknown, headers: Headers) => {
    const answer = await send(ctx, path, data, headers);
    expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBe(200);
    return answer.body.result.data;
  };
  const inSwahili = (headers: Headers): Headers => ({ ...headers, 'accept-language': 'sw' });
  const inEnglish = (headers: Headers): Headers => ({ ...headers, 'accept-language': 'en' });

  /** A signed-in client whose account language is `language` (as the portal's switch sets it). */
  async function clientIn(language: 'en' | 'sw') {
    const client = await newSignedInClient(ctx);
    const [user] = await db().update(users).set({ language }).where(eq(users.id, client.userId)).returning();
    return { ...client, email: user!.email };
  }

  async function activeLoan(headers: Headers) {
    const invoice = await invoiceFor(ctx, headers);
    const applied = await ok(
      'client/ipf/apply',
      { invoiceSystemRef: invoice.invoiceSystemRef, months: 6, acceptTerms: true },
      headers,
    );
    const started = await ok(
      'client/loan/payByMpesa',
      { loanRef: applied.loanRef, target: 'next', phone: '0712345678' },
      headers,
    );
    await waitSucceeded(ctx, started.paymentRef, 15_000);
    await waitUntil(
      () => ok('client/loan/getLoan', { loanRef: applied.loanRef }, headers),
      (loan) => loan.status === 'PENDING',
    );
    const approved = await ok('lender/application/approveApplication', { loanRef: applied.loanRef }, lender);
    expect(approved.status).toBe('ACTIVE');
    return approved as { loanRef: string; instalments: Array<{ dueDate: string }> };
  }

  it('the wallet and the statement read each line in the language of the request', async () => {
    const client = await clientIn('sw');
    const started = await ok('client/wallet/topUp', { amount: 2_000_00, phone: PAYS }, client.headers);
    await waitSucceeded(ctx, started.paymentRef, 15_000);

    const swahili = await ok('client/wallet/listTransactions', { page: 1 }, inSwahili(client.headers));
    const english = await ok('client/wallet/listTransactions', { page: 1 }, inEnglish(client.headers));
    expect(english.items[0].description).toMatch(/^Wallet top-up by M-Pesa \(receipt \w+\)$/);
    expect(swahili.items[0].description).toMatch(
      /^Pesa zilizoongezwa kwenye pochi kwa M-Pesa \(risiti \w+\)$/,
    );

    const statement = await ok('client/account/getStatement', { page: 1 }, inSwahili(client.headers));
    expect(statement.items.map((line: { description: string }) => line.description)).toContain(
      swahili.items[0].description,
    );
    expect(statement.items.map((line: { account: string }) => line.account)).toContain('Pochi');
  });

  it('the notice before cancellation and the cancellation reach each client and lender user in their own language', async () => {
    const swahiliClient = await clientIn('sw');
    const englishClient = await clientIn('en');
    const swahiliLoan = await activeLoan(swahiliClient.headers);
    const englishLoan = await activeLoan(englishClient.headers);
    const [lenderUser] = await db().select().from(users).where(eq(users.email, LENDER));
    await db().update(users).set({ language: 'sw' }).where(eq(users.id, lenderUser!.id));
    const told = (userId: string) =>
      db()
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.kind, 'loan_arrears')))
        .orderBy(asc(notifications.id));
    try {
      const due = swahiliLoan.instalments[1]!.dueDate;
      const clock = ctx.app.services.clock;
      clock.advance(Date.parse(`${due}T09:00:00Z`) - Date.parse(`${clock.today()}T09:00:00Z`) + DAY);
      await runArrearsProcess(context()); // overdue
      clock.advance(7 * DAY);
      await runArrearsProcess(context()); // the notice
      clock.advance(7 * DAY);
      await runArrearsProcess(context()); // the cancellation

      const sw = await told(swahiliClient.userId);
      expect(sw.map((row) => row.title)).toEqual([
        `Mkopo ${swahiliLoan.loanRef}: awamu ya 2 haijalipwa`,
        `Mkopo ${swahiliLoan.loanRef}: ilani kabla ya kughairiwa`,
        `Mkopo ${swahiliLoan.loanRef}: sera ya bima imeghairiwa`,
      ]);
      expect(sw[1]!.body).toMatch(
        /^Ilani: KES [\d,.]+ za mkopo .+ zimechelewa tangu \d+ \w+ \d{4}\. Zisipolipwa kufikia \d+ \w+ \d{4}, mkopeshaji ataiomba kampuni ya bima ighairi sera ya bima aliyoifadhili\.$/,
      );
      expect(sw[2]!.body).toMatch(/imeghairi sera ya bima .+ kwa ombi la .+, kwa kuwa awamu hazikulipwa\./);
      expect(sw[2]!.body).toMatch(/Ada ya bima ambayo haijatumika, KES [\d,.]+ \(siku \d+ kati ya \d+\)/);
      expect(sw.map((row) => row.body).join(' ')).not.toMatch(/ the | was | is /);

      const en = await told(englishClient.userId);
      expect(en.map((row) => row.title)).toEqual([
        `Loan ${englishLoan.loanRef}: instalment 2 missed`,
        `Loan ${englishLoan.loanRef}: notice before cancellation`,
        `Loan ${englishLoan.loanRef}: policy cancelled`,
      ]);
      expect(en[1]!.body).toMatch(
        /^Notice: KES [\d,.]+ of loan .+ the lender will ask the insurer to cancel/,
      );
      expect(en[2]!.body).toMatch(/cancelled policy .+ at the request of .+, as instalments were not paid\./);

      // The e-mails beside them say the same, in the same language.
      const mails = await db()
        .select()
        .from(mailQueue)
        .where(inArray(mailQueue.to, [swahiliClient.email, englishClient.email]));
      const subjects = mails.map((mail) => mail.subject);
      expect(subjects).toContain(`Mkopo ${swahiliLoan.loanRef}: ilani kabla ya kughairiwa`);
      expect(subjects).toContain(`Mkopo ${swahiliLoan.loanRef}: sera ya bima imeghairiwa`);
      expect(subjects).toContain(`Loan ${englishLoan.loanRef}: notice before cancellation`);
      expect(subjects).toContain(`Loan ${englishLoan.loanRef}: policy cancelled`);
      const swahiliMail = mails.find(
        (mail) => mail.subject === `Mkopo ${swahiliLoan.loanRef}: sera ya bima imeghairiwa`,
      );
      expect(swahiliMail!.text).toContain(sw[2]!.body);

      // The lender's user reads Swahili, whichever client's loan it is.
      const lenderTitles = (await told(lenderUser!.id)).map((row) => row.title);
      expect(lenderTitles).toContain(`Mkopo ${englishLoan.loanRef}: ilani kabla ya kughairiwa`);
      expect(lenderTitles).toContain(`Mkopo ${englishLoan.loanRef} umeghairiwa`);
      expect(lenderTitles.filter((title) => title.startsWith('Loan '))).toEqual([]);

      // The loan's history on its page: each event in the reader's language.
      const history = async (headers: Headers, loanRef: string) =>
        (await ok('client/loan/getLoan', { loanRef }, headers)).events as Array<{
          kind: string;
          message: string;
        }>;
      const swahiliHistory = await history(inSwahili(swahiliClient.headers), swahiliLoan.loanRef);
      expect(swahiliHistory.find((event) => event.kind === 'cancelled')!.message).toBe(sw[2]!.body);
      expect(swahiliHistory.find((event) => event.kind === 'notice')!.message).toBe(sw[1]!.body);
      expect(swahiliHistory.find((event) => event.kind === 'approved')!.message).toMatch(
        /imeidhinisha mkopo/,
      );
      const englishHistory = await history(inEnglish(englishClient.headers), englishLoan.loanRef);
      expect(englishHistory.find((event) => event.kind === 'cancelled')!.message).toBe(en[2]!.body);

      // The loan's lines on the Swahili client's statement: the refund and the waiver, in Swahili.
      const statement = await ok(
        'client/account/getStatement',
        { page: 1, pageSize: 50 },
        inSwahili(swahiliClient.headers),
      );
      const lines = statement.items.map((line: { description: string }) => line.description);
      expect(lines).toContainEqual(
        expect.stringMatching(
          new RegExp(
            `^Awamu ya kwanza ya mkopo ${swahiliLoan.loanRef} \\(imelipwa mapema\\) kwa M-Pesa \\(risiti \\w+\\)$`,
          ),
        ),
      );
      expect(lines.some((line: string) => /imetumia ada iliyorejeshwa kulipa mkopo/.test(line))).toBe(true);
      expect(lines.filter((line: string) => /\b(of|paid|from|your|to)\b/.test(line))).toEqual([]);
    } finally {
      ctx.app.services.clock.reset();
      await db().update(users).set({ language: 'en' }).where(eq(users.id, lenderUser!.id));
    }
  }, 120_000);

  it('a withdrawn application says why in the client’s language, on the loan and in the notification', async () => {
    const client = await clientIn('sw');
    const invoice = await invoiceFor(ctx, client.headers);
    const applied = await ok(
      'client/ipf/apply',
      { invoiceSystemRef: invoice.invoiceSystemRef, months: 6, acceptTerms: true },
      client.headers,
    );
    await ok('client/loan/withdraw', { loanRef: applied.loanRef }, inSwahili(client.headers));
    const loan = await ok('client/loan/getLoan', { loanRef: applied.loanRef }, inSwahili(client.headers));
    expect(loan).toMatchObject({ status: 'WITHDRAWN', declineReason: 'uliliondoa' });
    const english = await ok('client/loan/getLoan', { loanRef: applied.loanRef }, inEnglish(client.headers));
    expect(english.declineReason).toBe('you withdrew it');
    const [told] = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, client.userId), eq(notifications.kind, 'loan_update')));
    expect(told).toMatchObject({
      title: `Ombi ${applied.loanRef} limeondolewa`,
      body: 'Ombi limeondolewa: uliliondoa.',
    });
  });

  it('every line the code wrote in these journeys came from the bilingual table (so it has Swahili)', async () => {
    const rows = await db().select({ description: ledgerTransactions.description }).from(ledgerTransactions);
    expect(rows.length).toBeGreaterThan(10);
    const unread = rows.map((row) => row.description).filter((text) => readLedgerDescription(text) === null);
    expect(unread).toEqual([]);
  });
});
