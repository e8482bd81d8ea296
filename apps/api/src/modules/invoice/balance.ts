import { shillingsToCents } from '@bima/domain';

/**
 * What an invoice has received and still owes, in cents (the ledger's figures, the wire's unit).
 * M-Pesa takes at most `maxPerPrompt` whole shillings a transaction (its configured limit), so the
 * next prompt asks for the balance up to that limit; the answer gives the limit in cents too.
 */
export function invoiceBalance(options: { paid: number; owed: number; maxPerPrompt: number }) {
  const maxPerPrompt = shillingsToCents(options.maxPerPrompt);
  return {
    amountPaid: options.paid,
    balance: options.owed,
    amountDueNow: Math.min(options.owed, maxPerPrompt),
    maxPerPrompt,
  };
}
