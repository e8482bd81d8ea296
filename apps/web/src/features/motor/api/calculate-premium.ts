import { QUOTATION_ERROR_TOAST_MS } from '@bima/domain/constants';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, callAction } from '../../../lib/api-client';
import { currentLanguage } from '../../../lib/i18n';
import type { PremiumCalcRequest, PremiumQuote } from '../../../lib/motor-types';
import { notify } from '../../../lib/notifications';
import { t } from '../i18n';

/** `underwriting / product / productPremiumCalc`: the itemised quote for the chosen options. */
export async function calculatePremium(request: PremiumCalcRequest): Promise<PremiumQuote> {
  const quote: PremiumQuote = await callAction('underwriting/product/productPremiumCalc', request, {
    silent: true,
  });
  return quote;
}

/** The field messages of a refused calculation (out-of-range limits, excesses, periods). */
export function getFieldMessages(error: unknown): string[] {
  if (!(error instanceof ApiError)) return [];
  return [...new Set(error.errors.map((entry) => entry.message))];
}

/**
 * spec-1 §8: 'Quotation Error' for 5 s with the server's message when it sent one, else the generic
 * text. A 403 is handled by the gateway client (sign-in), so it shows nothing here.
 */
export function notifyQuotationError(error: unknown): void {
  if (error instanceof ApiError && error.httpStatus === 403) return;
  const serverMessage = error instanceof ApiError ? error.err_msg?.trim() : '';
  notify({
    type: 'error',
    title: t('motor.quotation.errorTitle'),
    message: serverMessage || t('motor.quotation.errorText'),
    duration: QUOTATION_ERROR_TOAST_MS,
  });
}

/**
 * The itemised quote for one set of choices as a query: the benefits page's running total and the
 * price of a change before it is made ask with it, so the same choices are priced once. Without a
 * request (nothing to price yet) it waits.
 */
export const premiumQueryOptions = (request: PremiumCalcRequest | null) =>
  queryOptions({
    // The quote names the benefits in the portal's language: a switch asks for it again.
    queryKey: ['motor', 'premium', currentLanguage(), request],
    queryFn: () => {
      if (!request) throw new Error('Nothing to price.');
      return calculatePremium(request);
    },
    enabled: request !== null,
    staleTime: 5 * 60_000,
    retry: false,
  });
