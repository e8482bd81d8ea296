import { describe, expect, it } from 'vitest';
import { assessmentAnswersSchema } from '../assessment';
import { recordAssessmentSchema } from '../claims';
import { parseAmount } from '../numbers';
import { aviationRiskSchema, CLASS_MESSAGES, fireDomesticRiskSchema, theftRiskSchema } from './risks';

const fire = {
  buildingValue: '5,000,000',
  contentsValue: '',
  location: { county: 'Nairobi', town: 'Karen' },
  construction: 'stone-tile',
  occupancy: 'owner-occupied',
};
const aviation = {
  aircraftType: 'single-piston',
  registration: '5Y-ABC',
  hullValue: '12 000 000',
  seats: '4',
  use: 'private',
  pilotHours: '1,500',
};

describe('amounts and counts as people type them (issue 28)', () => {
  it('fire takes "5,000,000" for the building and an empty contents value as none', () => {
    const risk = fireDomesticRiskSchema.parse(fire);
    expect(risk).toMatchObject({ buildingValue: 5_000_000, contentsValue: 0 });
  });

  it('aviation takes "1,500" flying hours and a hull value written with spaces', () => {
    expect(aviationRiskSchema.parse(aviation)).toMatchObject({ pilotHours: 1_500, hullValue: 12_000_000 });
  });

  it('says flying hours in the wrong form are not a number, and only missing ones are required', () => {
    const message = (pilotHours: unknown) =>
      aviationRiskSchema.safeParse({ ...aviation, pilotHours }).error?.issues[0]?.message;
    expect(message('abc')).toBe(CLASS_MESSAGES.pilotHoursInvalid);
    expect(message(undefined)).toBe(CLASS_MESSAGES.pilotHoursRequired);
    expect(message('')).toBe(CLASS_MESSAGES.pilotHoursRequired);
    expect(message('41,000')).toBe(CLASS_MESSAGES.pilotHoursRange);
  });

  it('theft takes "KES 800,000" contents', () => {
    const risk = theftRiskSchema.parse({
      premisesType: 'house',
      contentsValue: 'KES 800,000',
      highValueItems: [{ description: 'Laptop', value: '150,000' }],
      security: {},
    });
    expect(risk).toMatchObject({ contentsValue: 800_000, highValueItems: [{ value: 150_000 }] });
  });

  it('the claim assessment takes "1,200,000" as typed, sent as its cents (issue 29: cents on the wire)', () => {
    const typed = parseAmount('1,200,000', { unit: 'cents' });
    expect(typed).toEqual({ ok: true, value: 120_000_000 });
    const assessedLoss = typed.ok ? typed.value : 0;
    expect(
      recordAssessmentSchema.parse({ id: 1, report: 'Front bumper and bonnet replaced.', assessedLoss })
        .assessedLoss,
    ).toBe(120_000_000);
    // The wire takes cents only: the typed text is the web's to read.
    expect(
      recordAssessmentSchema.safeParse({
        id: 1,
        report: 'Front bumper and bonnet replaced.',
        assessedLoss: '1,200,000',
      }).success,
    ).toBe(false);
  });

  it('the needs assessment takes its budget and values grouped', () => {
    const { monthlyBudget } = assessmentAnswersSchema.shape;
    expect(monthlyBudget.parse('5 000')).toBe(5_000);
  });
});
