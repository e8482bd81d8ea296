import { toKes } from '../product/present';

/**
 * What an invoice has received and still owes, in whole shillings, from the ledger's figures (cents).
 * M-Pesa takes at most `maxPerPrompt` shillings a transaction, so the next prompt asks for the
 * balance up to that limit.
 */
export function invoiceBalance(options: { paid: number; owed: number; maxPerPrompt: number }) {
  return {
    amountPaid: toKes(options.paid),
    balance: toKes(options.owed),
    amountDueNow: toKes(Math.min(options.owed, options.maxPerPrompt * 100)),
    maxPerPrompt: options.maxPerPrompt,
  };
}
