import { MONTHLY_MAX_GRACE_DAYS, MONTHLY_MAX_LOADING_BPS, MONTHLY_TERMS_MESSAGES } from '@bima/domain';

/*
 * The monthly terms as the form takes them: the loading typed as a percentage ("10", "12.5") and
 * sent as basis points of the annual total; the grace as whole days. Messages are the domain's.
 */

/** A typed percentage as basis points (at most two decimals), or the domain's message. */
export function percentToBps(typed: string): { ok: true; bps: number } | { ok: false; message: string } {
  const text = typed.trim().replace(/\s*%$/, '').replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return { ok: false, message: MONTHLY_TERMS_MESSAGES.loading };
  const [whole, decimals = ''] = text.split('.');
  const bps = Number(whole) * 100 + Number(decimals.padEnd(2, '0'));
  if (bps > MONTHLY_MAX_LOADING_BPS) return { ok: false, message: MONTHLY_TERMS_MESSAGES.loading };
  return { ok: true, bps };
}

/** Basis points as the form shows them: 1000 → "10", 1250 → "12.5". */
export const bpsToPercent = (bps: number): string => String(bps / 100);

/** Typed grace days, or the domain's message. */
export function parseGraceDays(typed: string): { ok: true; days: number } | { ok: false; message: string } {
  const text = typed.trim();
  if (!/^\d+$/.test(text) || Number(text) > MONTHLY_MAX_GRACE_DAYS) {
    return { ok: false, message: MONTHLY_TERMS_MESSAGES.grace };
  }
  return { ok: true, days: Number(text) };
}
