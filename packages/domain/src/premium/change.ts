/** How a change moves a premium: up, down or not at all, and by how much (in the totals' unit). */
export type PremiumChange = { kind: 'more' | 'less' | 'same'; amount: number };

/**
 * The price of a change before it is made: the premium with the change less the premium without it
 * (both totals priced by the engine for the same risk and period), as a direction and an amount.
 */
export function premiumChange(options: { before: number; after: number }): PremiumChange {
  const difference = options.after - options.before;
  if (difference === 0) return { kind: 'same', amount: 0 };
  return difference > 0 ? { kind: 'more', amount: difference } : { kind: 'less', amount: -difference };
}
