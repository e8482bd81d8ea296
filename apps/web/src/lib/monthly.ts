import { canPayMonthly, type MonthlyOffer, monthlyOfferOf, monthlyPlan } from '@bima/domain';
import type { ActionOutput } from '@bima/domain/contract';
import { callAction } from './api-client';

/** A monthly policy's M-Pesa Ratiba standing order as the policy page shows it. */
export type StandingOrder = ActionOutput<'client/policy/setupStandingOrder'>;

/** `client / policy / setupStandingOrder`: asks M-Pesa for a standing order the client approves on the phone. */
export async function setupStandingOrder(policyId: number, phone: string): Promise<StandingOrder> {
  return callAction('client/policy/setupStandingOrder', { policyId, phone }, { secure: true, silent: true });
}

/** `client / policy / stopStandingOrder`: no more debits from us (the client also ends it in the M-Pesa menu). */
export async function stopStandingOrder(policyId: number): Promise<StandingOrder> {
  return callAction('client/policy/stopStandingOrder', { policyId }, { secure: true, silent: true });
}

/**
 * "Pay monthly" for a customised quote: the underwriter's terms (as the quote grid carried them for
 * the product) applied to the quote's own total, so benefits added after the grid are in the months.
 * Null when the product is not offered monthly or the cover is shorter than a year.
 */
export function monthlyOfferForQuote(
  gridOffer: MonthlyOffer | null | undefined,
  total: number,
  periodDays: number,
): MonthlyOffer | null {
  if (!gridOffer || !canPayMonthly(periodDays)) return null;
  return monthlyOfferOf(
    monthlyPlan(
      total,
      { loadingBps: gridOffer.loadingBps, graceDays: gridOffer.graceDays },
      gridOffer.instalments,
    ),
  );
}

/** The monthly offer the quote grid carried for a product (the chosen product's own, else the grid's). */
export function gridMonthlyOffer(
  flow: { quotedProducts: ReadonlyArray<{ productSystemRef: string; monthly?: MonthlyOffer | null }> },
  product: { productSystemRef: string; monthly?: MonthlyOffer | null },
): MonthlyOffer | null {
  return (
    product.monthly ??
    flow.quotedProducts.find((quoted) => quoted.productSystemRef === product.productSystemRef)?.monthly ??
    null
  );
}
