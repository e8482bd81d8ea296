import { describe, expect, it } from 'vitest';
import {
  ASSESSMENT_BUDGET_MESSAGES,
  ASSESSMENT_MESSAGES,
  ASSESSMENT_REASON_MESSAGES,
  type AssessmentAnswers,
  type AssessmentAnswersInput,
  assessmentAnswersSchema,
  assessNeeds,
  budgetVerdict,
} from './assessment';

const BASE: AssessmentAnswers = {
  household: { adults: 2, children: 2 },
  dependants: 3,
  vehicles: [{ use: 'private', value: 1_500_000 }],
  home: {
    tenure: 'owned',
    premises: 'house',
    construction: 'stone-tile',
    buildingValue: 8_000_000,
    contentsValue: 600_000,
  },
  business: { kind: 'none', stockValue: 0 },
  existingCovers: ['sha'],
  monthlyBudget: 15_000,
};
const answers = (change: Partial<AssessmentAnswers> = {}): AssessmentAnswers => ({ ...BASE, ...change });
const home = (change: Partial<AssessmentAnswers['home']>) => ({ ...BASE.home, ...change });

const errorsOf = (input: unknown) => {
  const parsed = assessmentAnswersSchema.safeParse(input);
  return parsed.success ? [] : parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
};

describe('assessmentAnswersSchema', () => {
  it('accepts a complete questionnaire and coerces typed numbers', () => {
    const typed: AssessmentAnswersInput = { ...BASE, monthlyBudget: '15000' as unknown as number };
    expect(assessmentAnswersSchema.parse(typed).monthlyBudget).toBe(15_000);
  });

  it.each([
    [
      'no adults',
      { household: { adults: 0, children: 0 } },
      'household.adults',
      ASSESSMENT_MESSAGES.adultsRange,
    ],
    [
      'a fractional child',
      { household: { adults: 1, children: 1.5 } },
      'household.children',
      ASSESSMENT_MESSAGES.childrenRange,
    ],
    ['31 dependants', { dependants: 31 }, 'dependants', ASSESSMENT_MESSAGES.dependantsRange],
    [
      'a vehicle worth 0',
      { vehicles: [{ use: 'private', value: 0 }] },
      'vehicles.0.value',
      ASSESSMENT_MESSAGES.vehicleValue,
    ],
    [
      'a vehicle without its use',
      { vehicles: [{ value: 500_000 }] },
      'vehicles.0.use',
      ASSESSMENT_MESSAGES.vehicleUseRequired,
    ],
    [
      'six vehicles',
      { vehicles: Array(6).fill({ use: 'private', value: 1 }) },
      'vehicles',
      ASSESSMENT_MESSAGES.tooManyVehicles,
    ],
    [
      'an owned home without its value',
      { home: home({ buildingValue: 0 }) },
      'home.buildingValue',
      ASSESSMENT_MESSAGES.buildingValueRequired,
    ],
    [
      'negative contents',
      { home: home({ contentsValue: -1 }) },
      'home.contentsValue',
      ASSESSMENT_MESSAGES.contentsValue,
    ],
    ['a budget of 0', { monthlyBudget: 0 }, 'monthlyBudget', ASSESSMENT_MESSAGES.budgetRequired],
    [
      'a cover twice',
      { existingCovers: ['sha', 'sha'] },
      'existingCovers',
      ASSESSMENT_MESSAGES.duplicateCover,
    ],
  ])('refuses %s with its message', (_name, change, path, message) => {
    expect(errorsOf({ ...BASE, ...change })).toContainEqual([path, message]);
  });

  it('does not ask a tenant for the building’s value', () => {
    expect(errorsOf({ ...BASE, home: home({ tenure: 'rented', buildingValue: 0 }) })).toEqual([]);
  });
});

describe('assessNeeds', () => {
  const covers = (input: AssessmentAnswers) => assessNeeds({ answers: input }).map((s) => s.id);

  it('suggests motor, fire domestic, theft, medical and life for a family that owns a home and a car', () => {
    expect(covers(answers())).toEqual([
      'motor-private-0',
      'fire-domestic',
      'medical',
      'life-assurance',
      'theft-home',
    ]);
  });

  it.each([
    ['comprehensive at KES 300,000', 300_000, 'comprehensive'],
    ['third party, fire and theft below KES 300,000', 299_999, 'third-party-fire-theft'],
  ])('prices a private vehicle %s', (_name, value, coverType) => {
    const [motor] = assessNeeds({ answers: answers({ vehicles: [{ use: 'private', value }] }) });
    expect(motor?.pricing).toMatchObject({ insuranceClass: '07', coverType, sumInsured: value * 100 });
    expect(motor?.quote).toEqual({ routeName: 'motor-private', params: { coverType, value: String(value) } });
  });

  it('suggests commercial cover, unpriced, for a vehicle carrying goods or passengers', () => {
    const suggestions = assessNeeds({ answers: answers({ vehicles: [{ use: 'psv', value: 2_000_000 }] }) });
    const motor = suggestions.find((s) => s.cover === 'motor-commercial');
    expect(motor).toMatchObject({ priority: 'essential', pricing: null });
    expect(motor?.reasons).toContain(ASSESSMENT_REASON_MESSAGES.motorCommercial);
  });

  it('prices fire domestic on the building and contents of an owned home', () => {
    const fire = assessNeeds({ answers: answers() }).find((s) => s.cover === 'fire-domestic');
    expect(fire?.pricing?.risk.values).toEqual({ building: 800_000_000, contents: 60_000_000 });
    expect(fire?.pricing?.risk.options).toEqual({ construction: 'stone-tile', occupancy: 'owner-occupied' });
    expect(fire?.quote.params).toMatchObject({ buildingValue: '8000000', contentsValue: '600000' });
  });

  it('suggests contents-only fire cover to a tenant, ignoring a building value', () => {
    const fire = assessNeeds({
      answers: answers({ home: home({ tenure: 'rented', buildingValue: 5_000_000 }) }),
    }).find((s) => s.cover === 'fire-domestic');
    expect(fire?.pricing?.risk.values).toEqual({ building: 0, contents: 60_000_000 });
    expect(fire?.reasons).toEqual([ASSESSMENT_REASON_MESSAGES.fireTenant]);
  });

  it('suggests neither fire nor home theft with no building and no contents', () => {
    const ids = covers(answers({ home: home({ tenure: 'family', buildingValue: 0, contentsValue: 0 }) }));
    expect(ids).not.toContain('fire-domestic');
    expect(ids).not.toContain('theft-home');
  });

  it('suggests theft cover for a shop’s stock, not for a farm’s', () => {
    expect(covers(answers({ business: { kind: 'shop', stockValue: 400_000 } }))).toContain('theft-business');
    expect(covers(answers({ business: { kind: 'farm', stockValue: 400_000 } }))).not.toContain(
      'theft-business',
    );
  });

  it('leaves out medical with private medical cover and life without dependants', () => {
    const ids = covers(answers({ existingCovers: ['medical'], dependants: 0 }));
    expect(ids).not.toContain('medical');
    expect(ids).not.toContain('life-assurance');
  });

  it('lists a cover the client already holds last, saying so', () => {
    const suggestions = assessNeeds({ answers: answers({ existingCovers: ['motor'] }) });
    const last = suggestions.at(-1);
    expect(last).toMatchObject({ id: 'motor-private-0', isCovered: true });
    expect(last?.reasons).toContain(ASSESSMENT_REASON_MESSAGES.alreadyCovered);
  });
});

describe('budgetVerdict', () => {
  it.each([
    ['fits when a twelfth of the total is the budget', 120_000, 10_000, true],
    ['does not fit one shilling over', 120_001, 10_000, false],
  ])('%s', (_name, annualTotal, monthlyBudget, isWithin) => {
    const verdict = budgetVerdict({ annualTotal, monthlyBudget });
    expect(verdict.isWithin).toBe(isWithin);
    expect(verdict.message).toBe(
      isWithin ? ASSESSMENT_BUDGET_MESSAGES.within : ASSESSMENT_BUDGET_MESSAGES.over,
    );
  });

  it('says nothing could be priced without a total', () => {
    expect(budgetVerdict({ annualTotal: null, monthlyBudget: 1 })).toMatchObject({ isWithin: null });
  });
});
