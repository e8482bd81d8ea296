import type { FieldError } from '../gateway';
import { formatKes } from '../money';
import { calculateAnnualBasicPremium, calculatePremium } from './engine';
import { PPM } from './rounding';
import {
  type BasicRating,
  type RatingConfiguration,
  type RatingRisk,
  type SelectedBenefitInput,
  THIRD_PARTY_COVER_TYPES,
} from './types';

/** A rated product's sample risk: the whole value in its first group, no options, the smallest quantities. */
function sampleRatedRisk(basic: Extract<BasicRating, { kind: 'rated' }>, value: number): RatingRisk {
  const first = basic.groups[0]?.group;
  return { values: first ? { [first]: value } : {}, options: {}, quantities: {} };
}

export interface PricingCheckInput {
  rating: RatingConfiguration;
  /** The smallest and largest vehicle values the product accepts, in cents (max null: no limit). */
  minimumValue: number;
  maximumValue: number | null;
}

/**
 * The sample risks a configuration must price before it is saved: the product's minimum, middle and
 * maximum vehicle values (whole shillings), or no value for third-party cover, which ignores it.
 */
export function sampleVehicleValues(input: Omit<PricingCheckInput, 'rating'>, coverType: string): number[] {
  if (THIRD_PARTY_COVER_TYPES.includes(coverType)) return [0];
  const { minimumValue, maximumValue } = input;
  if (maximumValue === null) return [minimumValue];
  const middle = Math.round((minimumValue + maximumValue) / 200) * 100;
  return [...new Set([minimumValue, middle, maximumValue])];
}

/** Where an engine error about a sample risk belongs in the configuration. */
function configurationField(
  engineField: string,
  rating: RatingConfiguration,
  optionalRefs: string[],
  value: number,
  input: PricingCheckInput,
): string {
  if (engineField === 'risk.value') return value === input.maximumValue ? 'maximumValue' : 'minimumValue';
  if (engineField === 'coverDetails.period') return 'supportedPeriods';
  const benefit = /^additionalBenefits\.(\d+)\./.exec(engineField);
  if (benefit) {
    const index = rating.benefits.findIndex(
      (candidate) => candidate.benefitSystemRef === optionalRefs[Number(benefit[1])],
    );
    return index < 0 ? 'benefits' : `benefits.${index}.limit`;
  }
  const excess = /^excesses\.(\d+)\./.exec(engineField);
  if (excess) return `excesses.${excess[1]}.defaultAmount`;
  return 'configuration';
}

/**
 * Whether the premium engine can price a product configuration: it prices a sample risk at the
 * product's minimum, middle and maximum vehicle value for every supported period, once with the
 * core benefits only and once with every optional benefit at its highest limit and the default
 * excesses. Answers field errors named after the configuration's fields (empty when it prices):
 * an engine refusal, a basic premium of nothing, or an amount too large to hold.
 */
export function checkConfigurationPrices(input: PricingCheckInput): FieldError[] {
  const { rating } = input;
  const errors: FieldError[] = [];
  const add = (field: string, message: string) => {
    if (!errors.some((error) => error.field === field)) errors.push({ field, message });
  };
  if (!THIRD_PARTY_COVER_TYPES.includes(rating.coverType) && input.maximumValue === null) {
    add('maximumValue', 'Give the largest vehicle value this product covers.');
  }

  const everyBenefit = rating.benefits
    .filter((benefit) => benefit.type === 'optional' || benefit.limit.isAdjustable)
    .map((benefit) => ({
      benefitSystemRef: benefit.benefitSystemRef,
      limit: benefit.limit.isAdjustable ? benefit.limit.maximum : undefined,
    }));
  const selections: SelectedBenefitInput[][] = [[], everyBenefit];
  const excesses = rating.excesses.map((excess) => ({ id: excess.id, amount: excess.defaultAmount }));

  for (const value of sampleVehicleValues(input, rating.coverType)) {
    const valueText = THIRD_PARTY_COVER_TYPES.includes(rating.coverType)
      ? 'third-party cover'
      : `a ${formatKes(value)} ${rating.basic.kind === 'rated' ? 'risk' : 'car'}`;
    for (const periodDays of rating.supportedPeriods) {
      for (const selectedBenefits of selections) {
        const result = calculatePremium({
          rating,
          vehicleValue: value,
          ...(rating.basic.kind === 'rated' ? { risk: sampleRatedRisk(rating.basic, value) } : {}),
          periodDays,
          selectedBenefits,
          excesses: selectedBenefits.length > 0 ? excesses : [],
        });
        if (!result.ok) {
          const refs = selectedBenefits.map((benefit) => benefit.benefitSystemRef);
          for (const error of result.errors) {
            add(
              configurationField(error.field, rating, refs, value, input),
              `The premium engine cannot price ${valueText} for ${periodDays} days: ${error.message}`,
            );
          }
          continue;
        }
        const { quote } = result;
        if (!Number.isSafeInteger(quote.total)) {
          add('configuration', `The premium of ${valueText} for ${periodDays} days is too large to hold.`);
        } else if (quote.basicPremium <= 0) {
          const annual = calculateAnnualBasicPremium(rating.basic, value);
          const field =
            annual > 0 && quote.periodSharePpm < PPM
              ? 'shortPeriodScale'
              : rating.basic.kind === 'fixed'
                ? 'fixedPremium'
                : value === 0
                  ? 'minimumPremium'
                  : 'bands';
          add(
            field,
            `The basic premium of ${valueText} for ${periodDays} days would be KES 0: check the rates, the minimum premium and the short-period scale.`,
          );
        }
      }
    }
  }
  return errors;
}
