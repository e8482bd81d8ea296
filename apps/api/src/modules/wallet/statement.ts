import { createHmac, timingSafeEqual } from 'node:crypto';
import { defaultStatementRange, formatNumber } from '@bima/domain';
import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import PDFDocument from 'pdfkit';
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
import { kenyaToday } from '../../lib/dates';
import { pageInfo } from '../../lib/search';
import { clientAccountsCondition, kesOf } from './service';

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
  /** KES charged to the client (an invoice billed, money taken out of the wallet), else 0. */
  debit: number;
  /** KES to the client's credit (a payment, a wallet top-up, credit kept), else 0. */
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
      debit: amount > 0 ? kesOf(amount) : 0,
      credit: amount < 0 ? kesOf(-amount) : 0,
      balance: kesOf(opening + Number(row.running)),
    };
  });
  return {
    from,
    to,
    openingBalance: kesOf(opening),
    closingBalance: kesOf(opening + period.sum),
    totalDebits: kesOf(period.debits),
    totalCredits: kesOf(period.credits),
    items,
    ...pageInfo(period.lines, { page, pageSize }),
  };
}
export type Statement = Awaited<ReturnType<typeof getStatement>>;

// ---------------------------------------------------------------- downloads

export type StatementFormat = 'pdf' | 'csv';

/**
 * A statement downloads from a plain link (a browser cannot add the accessToken to a link), so the
 * owner gets links signed for them and the range, valid ten minutes (as the policy documents).
 */
export function signStatementLink(
  secret: string,
  input: { format: StatementFormat; userId: string; from: string; to: string },
  ttlSeconds = 600,
): string {
  const expires = Math.floor(Date.now() / 1000) + ttlSeconds;
  const payload = `${input.format}.${input.userId}.${input.from}.${input.to}.${expires}`;
  const signature = createHmac('sha256', `${secret}:statements`).update(payload).digest('base64url');
  return `/v2/api/statements/${Buffer.from(payload).toString('base64url')}.${signature}`;
}

export function verifyStatementLink(
  secret: string,
  token: string,
): { format: StatementFormat; userId: string; from: string; to: string } | null {
  const [encoded, signature] = token.split('.');
  if (!encoded || !signature) return null;
  const payload = Buffer.from(encoded, 'base64url').toString('utf8');
  const expected = createHmac('sha256', `${secret}:statements`).update(payload).digest('base64url');
  const given = Buffer.from(signature);
  if (given.length !== Buffer.byteLength(expected) || !timingSafeEqual(given, Buffer.from(expected)))
    return null;
  const [format, userId, from, to, expires] = payload.split('.');
  if ((format !== 'pdf' && format !== 'csv') || !userId || !from || !to || !expires) return null;
  if (Number(expires) * 1000 <= Date.now()) return null;
  return { format, userId, from, to };
}

/** One CSV field (RFC 4180): quoted when it holds a comma, quote or line break; quotes doubled. */
export function csvField(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  // A text cell a spreadsheet would run as a formula (=, +, -, @) is kept as text.
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const money = (kes: number) => kes.toFixed(2);

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

const kesText = (kes: number) => {
  const cents = Math.round(kes * 100);
  const abs = Math.abs(cents);
  const text = `${formatNumber(Math.floor(abs / 100))}.${(abs % 100).toString().padStart(2, '0')}`;
  return cents < 0 ? `-${text}` : text;
};
/** A balance as words: owed, or in credit. */
export const balanceText = (kes: number) =>
  kes > 0 ? `KES ${kesText(kes)} owed` : kes < 0 ? `KES ${kesText(-kes)} in credit` : 'KES 0.00';

/** The statement as PDF (pdfkit, as the policy documents). */
export function statementPdf(statement: Statement, client: { name: string; email: string }): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 40,
    info: { Title: `Statement ${statement.from} to ${statement.to}`, Author: 'Bima Portal' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.fillColor('#065f46').fontSize(20).font('Helvetica-Bold').text('Bima Portal');
  doc.fillColor('#0f172a').fontSize(15).text('Statement of account');
  doc
    .font('Helvetica')
    .fontSize(10)
    .fillColor('#475569')
    .text(`${client.name} · ${client.email}`)
    .text(`Period: ${statement.from} to ${statement.to} (Kenya time)`)
    .text(`Opening balance: ${balanceText(statement.openingBalance)}`)
    .text(`Closing balance: ${balanceText(statement.closingBalance)}`)
    .moveDown();
  const columns = [
    { label: 'Date', x: 40, width: 62 },
    { label: 'Account / reference', x: 104, width: 110 },
    { label: 'Description', x: 216, width: 160 },
    { label: 'Debit', x: 378, width: 55, align: 'right' as const },
    { label: 'Credit', x: 435, width: 55, align: 'right' as const },
    { label: 'Balance', x: 492, width: 63, align: 'right' as const },
  ];
  const row = (cells: string[], bold = false) => {
    if (doc.y > 760) doc.addPage();
    const y = doc.y;
    doc
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(8)
      .fillColor('#0f172a');
    let bottom = y;
    cells.forEach((cell, index) => {
      const column = columns[index]!;
      doc.text(cell, column.x, y, { width: column.width, align: column.align ?? 'left' });
      bottom = Math.max(bottom, doc.y);
    });
    doc.x = 40;
    doc.y = bottom + 4;
  };
  row(
    columns.map((column) => column.label),
    true,
  );
  row(['', '', 'Opening balance', '', '', kesText(statement.openingBalance)]);
  for (const line of statement.items) {
    row([
      line.occurredAt.slice(0, 10),
      [line.account, line.reference].filter(Boolean).join('\n'),
      line.description,
      line.debit ? kesText(line.debit) : '',
      line.credit ? kesText(line.credit) : '',
      kesText(line.balance),
    ]);
  }
  row(
    [
      '',
      '',
      'Totals and closing balance',
      kesText(statement.totalDebits),
      kesText(statement.totalCredits),
      kesText(statement.closingBalance),
    ],
    true,
  );
  if (statement.items.length === 0) doc.moveDown().font('Helvetica').text('No money moved in this period.');
  doc
    .moveDown()
    .font('Helvetica')
    .fontSize(8)
    .fillColor('#475569')
    .text(
      'A positive balance is owed to Bima Portal; a negative one is credit held for you (your wallet and payments towards invoices).',
      40,
      doc.y,
      { width: 515 },
    );
  doc.end();
  return done;
}

/** The client's name and e-mail for a statement's heading. */
export async function statementClient(db: Database, userId: string) {
  const [user] = await db
    .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  return { name: `${user?.firstName ?? ''} ${user?.lastName ?? ''}`.trim(), email: user?.email ?? '' };
}
