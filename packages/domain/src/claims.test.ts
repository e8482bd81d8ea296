import { describe, expect, it } from 'vitest';
import {
  CLAIM_STATUSES,
  canTakeClaimStep,
  claimPayable,
  missingClaimDocuments,
  needsPoliceAbstract,
  reportClaimSchema,
  requiredClaimDocuments,
} from './claims';

const schema = reportClaimSchema({ today: () => '2026-11-23' });
const base = {
  policyNumber: 'BIMA/07/2026/00000001',
  type: 'accident',
  incidentDate: '2026-11-22',
  place: 'Mombasa Road',
  description: 'Rear-ended at the lights near Cabanas, boot lid dented.',
};

describe('claims rules', () => {
  it.each([
    ['accident', false, false],
    ['accident', true, true],
    ['theft', false, true],
    ['fire', false, true],
    ['windscreen', true, false],
    ['third_party_injury', true, true],
    ['third_party_property', true, true],
  ] as const)('a %s claim (other party: %s) needs a police abstract: %s', (type, hasOtherParty, expected) => {
    expect(needsPoliceAbstract({ type, hasOtherParty })).toBe(expected);
  });

  it('lists the documents of a type; the abstract only where needed; missing adds what the desk asked for', () => {
    expect(requiredClaimDocuments({ type: 'windscreen', hasOtherParty: false })).toEqual([
      'claim_form',
      'logbook',
      'replacement_receipt',
      'before_after_photos',
    ]);
    expect(requiredClaimDocuments({ type: 'theft', hasOtherParty: false })).toContain('keys');
    expect(
      missingClaimDocuments({
        required: ['claim_form', 'damage_photos'],
        requested: ['police_abstract', 'claim_form'],
        uploaded: ['damage_photos', 'other'],
      }),
    ).toEqual(['claim_form', 'police_abstract']);
  });

  it('allows each desk step only from its statuses', () => {
    const allowed = (step: Parameters<typeof canTakeClaimStep>[0]) =>
      CLAIM_STATUSES.filter((status) => canTakeClaimStep(step, status));
    expect(allowed('approve')).toEqual(['UNDER_ASSESSMENT']);
    expect(allowed('settle')).toEqual(['APPROVED']);
    expect(allowed('close')).toEqual(['DECLINED', 'SETTLED']);
    expect(allowed('decline')).toEqual(['REPORTED', 'DOCUMENTS_PENDING', 'UNDER_ASSESSMENT']);
  });

  it.each([
    [20_000_000, 2_500_000, 17_500_000],
    [2_500_000, 2_500_000, 0],
    [1_000_000, 2_500_000, 0],
  ])('agreed loss %d less excess %d pays %d cents', (agreedLoss, excess, payable) => {
    expect(claimPayable({ agreedLoss, excess })).toBe(payable);
  });

  it.each([
    ['today', { incidentDate: '2026-11-23' }, null],
    ['tomorrow', { incidentDate: '2026-11-24' }, 'The incident date cannot be in the future.'],
    ['not a date', { incidentDate: '2026-02-30' }, 'Enter the date of the incident.'],
    ['theft without OB', { type: 'theft' }, 'Enter the OB number of the police abstract.'],
    [
      'theft with a bad OB',
      { type: 'theft', obNumber: '??' },
      'Enter the OB number as on the police abstract, e.g. OB 23/14/11/2026.',
    ],
    ['theft with OB', { type: 'theft', obNumber: 'OB 23/14/11/2026' }, null],
    [
      'third-party without the other party',
      { type: 'third_party_injury', obNumber: 'OB 1/2/3' },
      "Enter the other party's details.",
    ],
  ])('report on %s', (_name, overrides, message) => {
    const parsed = schema.safeParse({ ...base, ...overrides });
    if (message === null) expect(parsed.success).toBe(true);
    else expect(parsed.error?.issues.map((issue) => issue.message)).toContain(message);
  });
});
