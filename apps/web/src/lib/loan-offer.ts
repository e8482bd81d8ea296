// What the loan engine offers for a debt, whatever the product (premium financing, school fees):
// the wire types the offer screens share, from the contract (amounts in cents).
import type { ActionOutput } from '@bima/domain/contract';

/** One term a lender offers: its schedule, fee, total cost and rates. */
export type LoanOption = ActionOutput<'client/ipf/getOffer'>['options'][number];

/** One instalment of an offered schedule. */
export type LoanInstalment = LoanOption['instalments'][number];

/** The part of an offer every product answers: eligibility, the terms, the early-settlement rule. */
export type LoanOfferBase = Pick<
  ActionOutput<'client/ipf/getOffer'>,
  'eligible' | 'reason' | 'reasonCode' | 'openLoanRef' | 'earlySettlementRule' | 'options'
>;
