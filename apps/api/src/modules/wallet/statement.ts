import { defaultStatementRange, describeIn, formatNumber } from '@bima/domain';
import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  invoices,
  ledgerAccounts,
  ledgerEntries,
  ledgerTransactions,
  loans,
  payments,
  schoolFeeInvoices,
  users,
} from '../../db/schema';
import { LINK_TTL_SECONDS, type LinkReader, signLink } from '../../gateway/signed-links';
import { kenyaToday } from '../../lib/dates';
import { COLOURS, MARGIN, renderDocument } from '../../lib/pdf/layout';
import { type DocumentLanguage, dateInWords, shortDate } from '../../lib/pdf/words';
import { pageInfo } from '../../lib/search';
import { clientAccountsCondition } from './service';

/** Midnight in Kenya (UTC+3) at the start of a YYYY-MM-DD date, as an instant. */
const kenyaMidnight = (date: string) => new Date(`${date}T00:00:00+03:00`);
const nextDay = (date: string) => {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
};

export interface StatementLine {
  id: number;
  occurredAt: string;
  /** Wallet, Invoice INV-… or Loan LN-… (the account of the client's the money moved on). */
  account: string;
  kind: string;
  reference: string | null;
  description: string;
  /** Cents charged to the client (an invoice billed, money taken out of the wallet), else 0. */
  debit: number;
  /** Cents to the client's credit (a payment, a wallet top-up, credit kept), else 0. */
  credit: number;
  /** The balance after the line: positive the client owes, negative the client is in credit. */
  balance: number;
}

/**
 * The client's statement for a range of Kenyan dates (both included; by default the last 90 days):
 * every movement on the client's accounts — invoices billed, M-Pesa payments, payments from the
 * wallet, top-ups, credit kept from overpayments, refunds — from the ledger, with the opening balance
 * (everything before the range), the closing balance and the totals. `page` pages the lines on
 * screen; `all` answers every line (the downloads).
 */
export async function getStatement(
  db: Database,
  userId: string,
  query: { from?: string; to?: string; page?: number; pageSize?: number; all?: boolean },
) {
  const range = defaultStatementRange(kenyaToday());
  const from = query.from ?? (query.to && query.to < range.from ? query.to : range.from);
  const to = query.to ?? range.to;
  const start = kenyaMidnight(from);
  const end = kenyaMidnight(nextDay(to));
  const mine = clientAccountsCondition(userId);

  const sumBetween = async (condition: ReturnType<typeof and>) => {
    const [row] = await db
      .select({
        sum: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)`,
        debits: sql<string>`coalesce(sum(greatest(${ledgerEntries.amount}, 0)), 0)`,
        credits: sql<string>`coalesce(sum(least(${ledgerEntries.amount}, 0)), 0)`,
        lines: sql<string>`count(*)`,
      })
      .from(ledgerEntries)
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
      .where(and(mine, condition));
    return {
      sum: Number(row?.sum ?? 0),
      debits: Number(row?.debits ?? 0),
      credits: -Number(row?.credits ?? 0),
      lines: Number(row?.lines ?? 0),
    };
  };
  const opening = (await sumBetween(lt(ledgerTransactions.occurredAt, start))).sum;
  const inRange = and(gte(ledgerTransactions.occurredAt, start), lt(ledgerTransactions.occurredAt, end));
  const period = await sumBetween(inRange);

  const lines = db
    .select({
      id: ledgerEntries.id,
      amount: ledgerEntries.amount,
      accountKind: sql<string>`${ledgerAccounts.kind}`.as('account_kind'),
      invoiceRef: invoices.invoiceSystemRef,
      loanRef: loans.loanRef,
      schoolInvoiceRef: schoolFeeInvoices.invoiceRef,
      kind: ledgerTransactions.kind,
      description: ledgerTransactions.description,
      reference: sql<string | null>`coalesce(${payments.receiptNumber}, ${ledgerTransactions.reference})`.as(
        'reference',
      ),
      occurredAt: ledgerTransactions.occurredAt,
      running:
        sql<string>`sum(${ledgerEntries.amount}) over (order by ${ledgerTransactions.occurredAt}, ${ledgerTransactions.id}, ${ledgerEntries.id})`.as(
          'running',
        ),
    })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .leftJoin(invoices, eq(invoices.id, ledgerAccounts.invoiceId))
    .leftJoin(loans, sql`${ledgerAccounts.kind} = 'loan' and ${ledgerAccounts.code} = 'loan:' || ${loans.id}`)
    .leftJoin(
      schoolFeeInvoices,
      sql`${ledgerAccounts.kind} = 'school_invoice' and ${ledgerAccounts.code} = 'school_invoice:' || ${schoolFeeInvoices.id}`,
    )
    .leftJoin(payments, eq(payments.id, ledgerTransactions.paymentId))
    .where(and(mine, inRange))
    .as('lines');
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? 20;
  const ordered = db.select().from(lines).orderBy(asc(lines.occurredAt), asc(lines.id)).$dynamic();
  const rows = await (query.all ? ordered : ordered.limit(pageSize).offset((page - 1) * pageSize));

  const items: StatementLine[] = rows.map((row) => {
    const amount = Number(row.amount);
    return {
      id: row.id,
      occurredAt: new Date(row.occurredAt).toISOString(),
      account:
        row.accountKind === 'wallet'
          ? 'Wallet'
          : row.accountKind === 'loan'
            ? `Loan ${row.loanRef ?? ''}`.trim()
            : row.accountKind === 'school_invoice'
              ? `School fees ${row.schoolInvoiceRef ?? ''}`.trim()
              : `Invoice ${row.invoiceRef ?? ''}`.trim(),
      kind: row.kind,
      reference: row.reference,
      description: row.description,
      debit: Math.max(amount, 0),
      credit: amount < 0 ? -amount : 0,
      balance: opening + Number(row.running),
    };
  });
  return {
    from,
    to,
    openingBalance: opening,
    closingBalance: opening + period.sum,
    totalDebits: period.debits,
    totalCredits: period.credits,
    items,
    ...pageInfo(period.lines, { page, pageSize }),
  };
}
export type Statement = Awaited<ReturnType<typeof getStatement>>;

// ---------------------------------------------------------------- downloads

export type StatementFormat = 'pdf' | 'csv';

/** A statement's download link for its owner's session and the range (gateway/signed-links.ts). */
export function signStatementLink(
  secret: string,
  input: { format: StatementFormat; from: string; to: string },
  reader: LinkReader,
  ttlSeconds = LINK_TTL_SECONDS,
): string {
  return `/v2/api/statements/${signLink(secret, 'statements', [input.format, input.from, input.to], reader, ttlSeconds)}`;
}

/** One CSV field (RFC 4180): quoted when it holds a comma, quote or line break; quotes doubled. */
export function csvField(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  // A text cell a spreadsheet would run as a formula (=, +, -, @) is kept as text.
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Cents as shillings with two decimals, e.g. 123450 → '1234.50' (or '1,234.50' grouped); never through floating point. */
const decimalOfCents = (cents: number, group: (whole: number) => string = String) => {
  const abs = Math.abs(cents);
  const text = `${group(Math.floor(abs / 100))}.${(abs % 100).toString().padStart(2, '0')}`;
  return cents < 0 ? `-${text}` : text;
};

const money = (cents: number) => decimalOfCents(cents);

/** The statement as CSV: a heading block (period, opening and closing balance), then one row per line. */
export function statementCsv(statement: Statement, client: { name: string; email: string }): string {
  const rows: Array<Array<string | number | null>> = [
    ['Bima Portal statement'],
    ['Client', client.name],
    ['E-mail', client.email],
    ['Period', `${statement.from} to ${statement.to}`],
    ['Opening balance (KES)', money(statement.openingBalance)],
    ['Closing balance (KES)', money(statement.closingBalance)],
    [],
    ['Date', 'Account', 'Reference', 'Description', 'Debit (KES)', 'Credit (KES)', 'Balance (KES)'],
    ...statement.items.map((line) => [
      line.occurredAt,
      line.account,
      line.reference,
      line.description,
      line.debit ? money(line.debit) : '',
      line.credit ? money(line.credit) : '',
      money(line.balance),
    ]),
    [],
    [
      'Totals',
      '',
      '',
      '',
      money(statement.totalDebits),
      money(statement.totalCredits),
      money(statement.closingBalance),
    ],
  ];
  return `${rows.map((row) => row.map(csvField).join(',')).join('\r\n')}\r\n`;
}

const kesText = (cents: number) => decimalOfCents(cents, formatNumber);
/** A balance as words: owed, or in credit. */
export const balanceText = (cents: number, language: DocumentLanguage = 'en') =>
  cents > 0
    ? `KES ${kesText(cents)} ${STATEMENT_TEXTS[language].owed}`
    : cents < 0
      ? `KES ${kesText(-cents)} ${STATEMENT_TEXTS[language].inCredit}`
      : 'KES 0.00';

/** The statement PDF's words in English and Kenyan Swahili. */
const STATEMENT_TEXTS = {
  en: {
    title: 'Statement of Account',
    fileTitle: (from: string, to: string) => `Statement ${from} to ${to}`,
    period: (from: string, to: string) => `${from} to ${to}`,
    periodNote: 'Kenya time (EAT), both days included',
    account: 'Account',
    client: 'Client',
    email: 'E-mail',
    periodLabel: 'Period',
    opening: 'Opening balance',
    closing: 'Closing balance',
    owed: 'owed',
    inCredit: 'in credit',
    movements: 'Movements',
    columns: ['Date', 'Account / reference', 'Description', 'Debit', 'Credit', 'Balance'],
    totals: 'Totals and closing balance',
    none: 'No money moved in this period.',
    accounts: { Wallet: 'Wallet', Invoice: 'Invoice', Loan: 'Loan', 'School fees': 'School fees' },
    footer:
      'A positive balance is owed to Bima Portal; a negative one is credit held for you (your wallet and payments towards invoices). Amounts in KES.',
    page: (page: number, pages: number) => `Page ${page} of ${pages}`,
    brandLine: 'Bima Portal · digital insurance intermediary',
  },
  sw: {
    title: 'Taarifa ya Akaunti',
    fileTitle: (from: string, to: string) => `Taarifa ${from} hadi ${to}`,
    period: (from: string, to: string) => `${from} hadi ${to}`,
    periodNote: 'Saa za Kenya (EAT), siku zote mbili zimejumuishwa',
    account: 'Akaunti',
    client: 'Mteja',
    email: 'Barua pepe',
    periodLabel: 'Kipindi',
    opening: 'Salio la mwanzo',
    closing: 'Salio la mwisho',
    owed: 'unadaiwa',
    inCredit: 'salio lako la ziada',
    movements: 'Miamala',
    columns: ['Tarehe', 'Akaunti / kumbukumbu', 'Maelezo', 'Debiti', 'Krediti', 'Salio'],
    totals: 'Jumla na salio la mwisho',
    none: 'Hakuna pesa zilizohamishwa katika kipindi hiki.',
    accounts: { Wallet: 'Pochi', Invoice: 'Ankara', Loan: 'Mkopo', 'School fees': 'Karo' },
    footer:
      'Salio chanya ni deni lako kwa Bima Portal; salio hasi ni pesa zako zilizohifadhiwa (pochi yako na malipo ya ankara). Kiasi kwa KES.',
    page: (page: number, pages: number) => `Ukurasa ${page} kati ya ${pages}`,
    brandLine: 'Bima Portal · mpatanishi wa bima wa kidijitali',
  },
} as const;

/** A line's account ("Invoice INV-…") with its kind in the statement's language (the PDF and the screen). */
export function accountText(account: string, language: DocumentLanguage): string {
  const names = STATEMENT_TEXTS[language].accounts;
  for (const [english, translated] of Object.entries(names)) {
    if (account === english || account.startsWith(`${english} `))
      return translated + account.slice(english.length);
  }
  return account;
}

/**
 * The statement as PDF: the shared document layout (header, the client and the period beside their
 * headings, a footer on every page) and a table of the movements. Its date is the end of the period,
 * so the same statement always gives the same file.
 */
export function statementPdf(
  statement: Statement,
  client: { name: string; email: string },
  language: DocumentLanguage = 'en',
): Promise<Buffer> {
  const texts = STATEMENT_TEXTS[language];
  const title = texts.fileTitle(statement.from, statement.to);
  return renderDocument(
    {
      title,
      language,
      createdAt: kenyaMidnight(statement.to),
      runningTitle: `${texts.title} · ${texts.period(dateInWords(statement.from, language), dateInWords(statement.to, language))}`,
      footerNote: texts.footer,
      pageLabel: texts.page,
      brandLine: texts.brandLine,
    },
    (layout) => {
      const { doc } = layout;
      layout.header({
        logo: null,
        logoName: 'Bima Portal',
        title: texts.title,
        lines: [texts.period(dateInWords(statement.from, language), dateInWords(statement.to, language))],
        subtitle: texts.periodNote,
      });
      layout.section(texts.account, [
        [texts.client, client.name || '-'],
        [texts.email, client.email || '-'],
        [texts.opening, balanceText(statement.openingBalance, language)],
        [texts.closing, balanceText(statement.closingBalance, language)],
      ]);
      const left = MARGIN;
      const columns = [
        { x: left, width: 58 },
        { x: left + 62, width: 112 },
        { x: left + 178, width: 150 },
        { x: left + 332, width: 52, align: 'right' as const },
        { x: left + 388, width: 52, align: 'right' as const },
        { x: left + 444, width: 55, align: 'right' as const },
      ];
      const headings = [...texts.columns];
      const row = (cells: string[], options: { bold?: boolean; band?: boolean } = {}) => {
        doc.font(options.bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8);
        const height = Math.max(
          ...cells.map((cell, index) => doc.heightOfString(cell || ' ', { width: columns[index]!.width })),
        );
        // A new page repeats the columns' headings.
        if (layout.ensureSpace(height + 6) && cells !== headings) row(headings, { bold: true, band: true });
        const y = layout.y;
        if (options.band)
          doc
            .save()
            .rect(left, y - 3, 499, height + 6)
            .fill(COLOURS.band)
            .restore();
        doc
          .font(options.bold ? 'Helvetica-Bold' : 'Helvetica')
          .fontSize(8)
          .fillColor(COLOURS.ink);
        cells.forEach((cell, index) => {
          const column = columns[index]!;
          doc.text(cell, column.x, y, { width: column.width, align: column.align ?? 'left' });
        });
        layout.y = y + height + 6;
      };
      layout.ensureSpace(40);
      layout.y += 4;
      row(headings, { bold: true, band: true });
      row(['', '', texts.opening, '', '', kesText(statement.openingBalance)]);
      for (const line of statement.items) {
        row([
          shortDate(line.occurredAt, language),
          [accountText(line.account, language), line.reference].filter(Boolean).join('\n'),
          describeIn(line.description, language),
          line.debit ? kesText(line.debit) : '',
          line.credit ? kesText(line.credit) : '',
          kesText(line.balance),
        ]);
      }
      row(
        [
          '',
          '',
          texts.totals,
          kesText(statement.totalDebits),
          kesText(statement.totalCredits),
          kesText(statement.closingBalance),
        ],
        { bold: true, band: true },
      );
      if (statement.items.length === 0) {
        layout.y += 6;
        layout.note(texts.none, { colour: COLOURS.ink, size: 9 });
      }
    },
  );
}

/** The client's name and e-mail for a statement's heading. */
export async function statementClient(db: Database, userId: string) {
  const [user] = await db
    .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  return { name: `${user?.firstName ?? ''} ${user?.lastName ?? ''}`.trim(), email: user?.email ?? '' };
}
