import {
  type AccountRef,
  accountCode,
  assertBalanced,
  invoiceAccount,
  invoiceOwedOf,
  type Posting,
  walletAccount,
  walletBalanceOf,
} from '@bima/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '../../db/schema';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
/** A database or an open transaction: postings belong in the transaction of the change they record. */
export type LedgerExecutor = Database | Tx;

/** The owner columns of an account (kept beside its code, for joins and statements). */
function ownerColumns(account: AccountRef) {
  switch (account.kind) {
    case 'wallet':
      return { userId: account.userId };
    case 'invoice':
      return { invoiceId: account.invoiceId };
    case 'underwriter':
    case 'claims':
      return { underwriterId: account.underwriterId };
    case 'loan':
      // The client whose loan it is: statements find the client's loans by it.
      return { userId: account.userId };
    default:
      return {};
  }
}

/** The account's id, opening it on first use (concurrent openings meet on the unique code). */
export async function ensureAccount(db: LedgerExecutor, account: AccountRef): Promise<number> {
  const code = accountCode(account);
  const [found] = await db
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.code, code));
  if (found) return found.id;
  await db
    .insert(ledgerAccounts)
    .values({ code, kind: account.kind, ...ownerColumns(account) })
    .onConflictDoNothing({ target: ledgerAccounts.code });
  const [opened] = await db
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.code, code));
  return opened!.id;
}

/**
 * Posts a balanced transaction once per key, inside the caller's transaction: a key already posted
 * changes nothing (`created: false`). The database checks the balance again at commit.
 */
export async function post(
  db: LedgerExecutor,
  posting: Posting,
  options: { createdBy?: string | null; occurredAt?: Date } = {},
): Promise<{ transactionId: number; created: boolean }> {
  assertBalanced(posting);
  const [inserted] = await db
    .insert(ledgerTransactions)
    .values({
      key: posting.key,
      kind: posting.kind,
      description: posting.description,
      userId: posting.userId,
      reference: posting.reference ?? null,
      paymentId: posting.paymentId ?? null,
      invoiceId: posting.invoiceId ?? null,
      createdBy: options.createdBy ?? null,
      ...(options.occurredAt ? { occurredAt: options.occurredAt } : {}),
    })
    .onConflictDoNothing({ target: ledgerTransactions.key })
    .returning({ id: ledgerTransactions.id });
  if (!inserted) {
    const [existing] = await db
      .select({ id: ledgerTransactions.id })
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.key, posting.key));
    return { transactionId: existing!.id, created: false };
  }
  const rows = [];
  for (const entry of posting.entries) {
    rows.push({
      transactionId: inserted.id,
      accountId: await ensureAccount(db, entry.account),
      amount: entry.amount,
    });
  }
  await db.insert(ledgerEntries).values(rows);
  return { transactionId: inserted.id, created: true };
}

/** Whether a key has been posted. */
export async function isPosted(db: LedgerExecutor, key: string): Promise<boolean> {
  const [row] = await db
    .select({ id: ledgerTransactions.id })
    .from(ledgerTransactions)
    .where(eq(ledgerTransactions.key, key));
  return Boolean(row);
}

/** The sum of each account's entries, by code (0 for an account never used). */
export async function accountSums(db: LedgerExecutor, accounts: AccountRef[]): Promise<Map<string, number>> {
  const codes = accounts.map(accountCode);
  const sums = new Map(codes.map((code) => [code, 0]));
  if (codes.length === 0) return sums;
  const rows = await db
    .select({ code: ledgerAccounts.code, sum: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` })
    .from(ledgerAccounts)
    .innerJoin(ledgerEntries, eq(ledgerEntries.accountId, ledgerAccounts.id))
    .where(inArray(ledgerAccounts.code, codes))
    .groupBy(ledgerAccounts.code);
  // Sums of integer cents: exact as JavaScript numbers far beyond any premium.
  for (const row of rows) sums.set(row.code, Number(row.sum));
  return sums;
}

/**
 * Locks the client's wallet (opening it if need be) until the caller's transaction ends, so two
 * payments from it are decided one after the other and can never overdraw it; answers the balance.
 */
export async function lockWallet(tx: Tx, userId: string): Promise<number> {
  const id = await ensureAccount(tx, walletAccount(userId));
  // NO KEY UPDATE: two payments from the wallet wait for each other, while money coming in (an
  // entry's foreign key takes KEY SHARE on the account) does not wait for them.
  await tx
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.id, id))
    .for('no key update');
  return walletBalance(tx, userId);
}

/** An account's id if it was ever used (reading opens nothing). */
export async function findAccount(db: LedgerExecutor, account: AccountRef): Promise<number | null> {
  const [found] = await db
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.code, accountCode(account)));
  return found?.id ?? null;
}

/** The client's wallet balance in cents: its credits less its debits. */
export async function walletBalance(db: LedgerExecutor, userId: string): Promise<number> {
  const sums = await accountSums(db, [walletAccount(userId)]);
  return walletBalanceOf(sums.get(accountCode(walletAccount(userId))) ?? 0);
}

export interface InvoiceMoney {
  /** Cents credited to the invoice: what has paid it (M-Pesa, wallet, later a lender). */
  paid: number;
  /** Cents it still owes: billed less paid. */
  owed: number;
}

/** What each invoice has been paid and still owes, from its receivable's entries. */
export async function invoiceMoney(
  db: LedgerExecutor,
  invoices: Array<{ id: number; amount: number }>,
): Promise<Map<number, InvoiceMoney>> {
  const result = new Map<number, InvoiceMoney>();
  if (invoices.length === 0) return result;
  const rows = await db
    .select({
      invoiceId: ledgerAccounts.invoiceId,
      sum: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)`,
      credited: sql<string>`coalesce(sum(least(${ledgerEntries.amount}, 0)), 0)`,
      billed: sql<string>`coalesce(sum(greatest(${ledgerEntries.amount}, 0)), 0)`,
    })
    .from(ledgerAccounts)
    .innerJoin(ledgerEntries, eq(ledgerEntries.accountId, ledgerAccounts.id))
    .where(
      and(
        eq(ledgerAccounts.kind, 'invoice'),
        inArray(
          ledgerAccounts.invoiceId,
          invoices.map((invoice) => invoice.id),
        ),
      ),
    )
    .groupBy(ledgerAccounts.invoiceId);
  const byId = new Map(rows.map((row) => [row.invoiceId!, row]));
  for (const invoice of invoices) {
    const row = byId.get(invoice.id);
    if (!row || Number(row.billed) === 0) {
      // Not billed in the ledger yet (a row made before the ledger, before the start-up backfill).
      const paid = row ? -Number(row.credited) : 0;
      result.set(invoice.id, { paid, owed: Math.max(0, invoice.amount - paid) });
      continue;
    }
    result.set(invoice.id, { paid: -Number(row.credited), owed: invoiceOwedOf(Number(row.sum)) });
  }
  return result;
}

/** One invoice's money (see `invoiceMoney`). */
export async function moneyOfInvoice(db: LedgerExecutor, invoice: { id: number; amount: number }) {
  return (await invoiceMoney(db, [invoice])).get(invoice.id)!;
}

/** The invoice account's code (for statements). */
export const invoiceCode = (invoiceId: number) => accountCode(invoiceAccount(invoiceId));

/** Keys of the given list already posted (the backfill's check). */
export async function postedKeys(db: LedgerExecutor, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .select({ key: ledgerTransactions.key })
    .from(ledgerTransactions)
    .where(inArray(ledgerTransactions.key, keys));
  return new Set(rows.map((row) => row.key));
}
