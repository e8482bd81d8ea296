// What the loan engine offers for a debt, whatever the product (premium financing, school fees):
// the wire types the offer screens share.

/** One instalment of an offered schedule. */
export interface LoanInstalment {
  number: number;
  dueDate: string;
  amount: number;
  principal: number;
  fee: number;
}

/** One term a lender offers: its schedule, fee, total cost and rates. */
export interface LoanOption {
  months: number;
  lender: { id: number; name: string };
  principal: number;
  fee: number;
  totalRepayable: number;
  feeRatePercent: number;
  annualRatePercent: number;
  firstInstalment: number;
  instalments: LoanInstalment[];
}

/** The part of an offer every product answers: eligibility, the terms, the early-settlement rule. */
export interface LoanOfferBase {
  eligible: boolean;
  reason: string | null;
  reasonCode: string | null;
  openLoanRef: string | null;
  earlySettlementRule: string;
  options: LoanOption[];
}
