import { type MissingDetail, missingRiskDetails, RISK_DETAILS_MESSAGES } from '@bima/domain';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { quotations } from '../../db/schema';
import { AppError } from '../../gateway/errors';
import { kenyaToday } from '../../lib/dates';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

type RiskOfQuotation = Pick<
  typeof quotations.$inferSelect,
  'classCode' | 'coverType' | 'vehicle' | 'clientDetails' | 'riskDetails'
>;

/** What the quotation still lacks before its policy may be bought (`@bima/domain` missingRiskDetails). */
export function missingDetailsOf(quotation: RiskOfQuotation, today = kenyaToday()): MissingDetail[] {
  return missingRiskDetails({
    classCode: quotation.classCode,
    coverType: quotation.coverType,
    vehicle: quotation.vehicle,
    clientDetails: quotation.clientDetails,
    riskDetails: quotation.riskDetails,
    today,
  });
}

/** The refusal naming each missing field (409 RISK_DETAILS_MISSING); the web asks for them and retries. */
export function riskDetailsMissingError(missing: MissingDetail[]): AppError {
  return new AppError('conflict', RISK_DETAILS_MESSAGES.missing, {
    code: 'RISK_DETAILS_MISSING',
    errors: missing,
  });
}

/**
 * The one gate before a quotation's policy can be bought, whatever the route (invoicing, an M-Pesa
 * prompt, a wallet payment, the cart, premium financing): the vehicle and KYC its class requires
 * must be on the quotation, or the call is refused with what is missing.
 */
export function refuseIncompleteRisk(quotation: RiskOfQuotation): void {
  const missing = missingDetailsOf(quotation);
  if (missing.length > 0) throw riskDetailsMissingError(missing);
}

/** `refuseIncompleteRisk` for a quotation known by its id, read in the caller's transaction. */
export async function refuseIncompleteQuotation(executor: Database | Tx, quotationId: number): Promise<void> {
  const [row] = await executor
    .select({
      classCode: quotations.classCode,
      coverType: quotations.coverType,
      vehicle: quotations.vehicle,
      clientDetails: quotations.clientDetails,
      riskDetails: quotations.riskDetails,
    })
    .from(quotations)
    .where(eq(quotations.id, quotationId));
  if (row) refuseIncompleteRisk(row);
}
