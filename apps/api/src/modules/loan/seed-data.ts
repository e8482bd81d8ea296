import type { LoanPricingBand } from '@bima/domain';

/** A sample lender: a fictional premium-finance firm, not a real one. */
export const SAMPLE_LENDER = {
  systemRef: 'LND-SAMPLE-0001',
  name: 'Mavuno Premium Finance (sample)',
  primaryEmail: 'ipf@mavuno-finance.example',
} as const;

const KES = (shillings: number) => shillings * 100;

/** Facility fees (KES) for 4 to 10 months of one principal band. */
const feeBands = (min: number, max: number, fees: number[]): LoanPricingBand[] =>
  fees.map((fee, index) => ({
    minPrincipal: KES(min),
    maxPrincipal: KES(max),
    months: 4 + index,
    facilityFee: KES(fee),
    monthlyRatePpm: null,
  }));

/**
 * The sample lender's IPF pricing table, SAMPLE FIGURES (not an offer of any lender):
 * - KES 25,000–149,999: NCBA's published 2025 facility fees, KES 5,500 over 4 months and KES 11,000
 *   over 10; the months between are ours, interpolated in a straight line to the shilling;
 * - KES 150,000–299,999: the note gives none; ours, between the bands either side;
 * - KES 300,000 and above: NCBA's effective rates, 2.23 % of the premium over 4 months to 6.78 %
 *   over 10 (ours in between, straight line), held as a monthly rate: rate ÷ months.
 */
export const SAMPLE_IPF_BANDS: LoanPricingBand[] = [
  ...feeBands(25_000, 149_999, [5_500, 6_417, 7_333, 8_250, 9_167, 10_083, 11_000]),
  ...feeBands(150_000, 299_999, [6_000, 7_500, 9_000, 10_500, 12_000, 13_500, 15_000]),
  ...[5_575, 5_977, 6_244, 6_436, 6_579, 6_691, 6_780].map((monthlyRatePpm, index) => ({
    minPrincipal: KES(300_000),
    maxPrincipal: null,
    months: 4 + index,
    facilityFee: null,
    monthlyRatePpm,
  })),
];

export const SAMPLE_IPF_TABLE = {
  name: 'Sample IPF pricing (after NCBA’s published 2025 figures)',
  effectiveFrom: '2025-01-01',
} as const;
