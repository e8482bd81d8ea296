import { describe, expect, it } from 'vitest';
import { benefitKey, equivalentChoices } from './like-for-like';
import type { BenefitConfig, ExcessConfig } from './premium/types';

const KES = (shillings: number) => shillings * 100;

const benefit = (
  ref: string,
  name: string,
  type: BenefitConfig['type'],
  limit: Partial<BenefitConfig['limit']> = {},
): BenefitConfig => ({
  benefitSystemRef: ref,
  name,
  description: '',
  type,
  limit: { minimum: 0, maximum: 0, defaultLimit: 0, isAdjustable: false, ...limit },
  pricing: { kind: 'included' },
});
const excess = (id: string, minAmount: number, maxAmount: number): ExcessConfig => ({
  id,
  name: id,
  type: 'per claim',
  description: '',
  minAmount,
  maxAmount,
  defaultAmount: minAmount,
});

/** The other product: PVT sold on top, windscreen inbuilt up to KES 100,000, no road rescue. */
const other = {
  benefits: [
    benefit('APA-MP-PLUS-PVT', 'Political Violence and Terrorism', 'optional'),
    benefit('APA-MP-PLUS-WINDSCREEN', 'Windscreen Cover', 'inbuilt', {
      minimum: KES(30_000),
      maximum: KES(100_000),
      defaultLimit: KES(30_000),
      isAdjustable: true,
    }),
    benefit('APA-MP-PLUS-TOWING', 'Towing and Recovery', 'inbuilt', { defaultLimit: KES(30_000) }),
    benefit('APA-MP-PLUS-EXCESS-PROTECTOR', 'Excess Protector', 'inbuilt'),
    benefit('APA-MP-PLUS-COURTESY', 'Loss of use', 'optional', { defaultLimit: KES(20_000) }),
  ],
  excesses: [excess('collision', KES(10_000), KES(100_000))],
};
const carry = (benefits: Parameters<typeof equivalentChoices>[0]['benefits'], excesses = []) =>
  equivalentChoices({
    fromProductRef: 'JUB-MP-ELITE',
    benefits,
    excesses,
    toProductRef: 'APA-MP-PLUS',
    to: other,
  });

describe('equivalentChoices: a renewal compares like for like', () => {
  it('names a benefit by its own part of the reference', () => {
    expect(benefitKey('JUB-MP-ELITE', 'JUB-MP-ELITE-PVT')).toBe('PVT');
    expect(benefitKey('JUB-MP-ELITE', 'jub-mp-elite-loss-of-use')).toBe('LOSS-OF-USE');
    expect(benefitKey('JUB-MP-ELITE', 'OTHER-PVT')).toBe('OTHER-PVT');
  });

  it('selects an optional benefit the other product sells, matched by reference', () => {
    const carried = carry([
      { benefitSystemRef: 'JUB-MP-ELITE-PVT', name: 'Political Violence and Terrorism' },
    ]);
    expect(carried.selectedBenefits).toEqual([{ benefitSystemRef: 'APA-MP-PLUS-PVT' }]);
    expect(carried.includes).toEqual([
      { benefitSystemRef: 'APA-MP-PLUS-PVT', name: 'Political Violence and Terrorism', limit: null },
    ]);
    expect(carried.cannotOffer).toEqual([]);
  });

  it('matches by name when the references differ, and includes without buying what comes with the cover', () => {
    const carried = carry([
      { benefitSystemRef: 'JUB-MP-ELITE-LOSS-OF-USE', name: 'Loss of Use', limit: KES(30_000) },
      { benefitSystemRef: 'JUB-MP-ELITE-XP', name: 'Excess protector' },
    ]);
    expect(carried.selectedBenefits).toEqual([{ benefitSystemRef: 'APA-MP-PLUS-COURTESY' }]);
    expect(carried.includes).toEqual([
      {
        benefitSystemRef: 'APA-MP-PLUS-COURTESY',
        name: 'Loss of use',
        limit: KES(20_000),
        yourLimit: KES(30_000),
      },
      { benefitSystemRef: 'APA-MP-PLUS-EXCESS-PROTECTOR', name: 'Excess Protector', limit: null },
    ]);
  });

  it.each([
    {
      name: 'a raised limit within the range is kept',
      yours: KES(80_000),
      priced: KES(80_000),
      short: false,
    },
    {
      name: 'a limit above the range is the highest, and says so',
      yours: KES(200_000),
      priced: KES(100_000),
      short: true,
    },
    {
      name: 'a limit below the range is the lowest (more cover)',
      yours: KES(20_000),
      priced: KES(30_000),
      short: false,
    },
  ])('$name', ({ yours, priced, short }) => {
    const carried = carry([
      { benefitSystemRef: 'JUB-MP-ELITE-WINDSCREEN', name: 'Windscreen Cover', limit: yours },
    ]);
    expect(carried.selectedBenefits).toEqual(
      priced === KES(30_000) ? [] : [{ benefitSystemRef: 'APA-MP-PLUS-WINDSCREEN', limit: priced }],
    );
    expect(carried.includes).toEqual([
      {
        benefitSystemRef: 'APA-MP-PLUS-WINDSCREEN',
        name: 'Windscreen Cover',
        limit: priced,
        ...(short ? { yourLimit: yours } : {}),
      },
    ]);
  });

  it('a fixed limit lower than the one chosen is named with the client’s limit', () => {
    const carried = carry([
      { benefitSystemRef: 'JUB-MP-ELITE-TOWING', name: 'Towing and Recovery', limit: KES(100_000) },
    ]);
    expect(carried.selectedBenefits).toEqual([]);
    expect(carried.includes).toEqual([
      {
        benefitSystemRef: 'APA-MP-PLUS-TOWING',
        name: 'Towing and Recovery',
        limit: KES(30_000),
        yourLimit: KES(100_000),
      },
    ]);
  });

  it('says which benefits the other product cannot offer', () => {
    const carried = carry([{ benefitSystemRef: 'JUB-MP-ELITE-ROAD-RESCUE', name: 'Road Rescue' }]);
    expect(carried.selectedBenefits).toEqual([]);
    expect(carried.includes).toEqual([]);
    expect(carried.cannotOffer).toEqual([
      { benefitSystemRef: 'JUB-MP-ELITE-ROAD-RESCUE', name: 'Road Rescue', limit: null },
    ]);
  });

  it('keeps an excess the other product has, within its range; one it lacks is left out', () => {
    const carried = equivalentChoices({
      fromProductRef: 'JUB-MP-ELITE',
      benefits: [],
      excesses: [
        { id: 'collision', amount: KES(150_000) },
        { id: 'windscreen', amount: KES(10_000) },
      ],
      toProductRef: 'APA-MP-PLUS',
      to: other,
    });
    expect(carried.excesses).toEqual([{ id: 'collision', amount: KES(100_000) }]);
  });
});
