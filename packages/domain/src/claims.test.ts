import { describe, expect, it } from 'vitest';
import {
  CLAIM_STATUSES,
  canTakeClaimStep,
  claimPayable,
  missingClaimDocuments,
  needsPoliceAbstract,
  reportClaimSchema,
  requiredClaimDocuments,
  resolvePayoutSchema,
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
    // An excess carrying cents: the payout is whole shillings, the odd cents not paid.
    [20_000_000, 2_500_050, 17_499_900],
    [20_000_000, 2_500_001, 17_499_900],
    [20_000_000, 2_499_999, 17_500_000],
    [2_500_100, 2_500_050, 0],
  ])('agreed loss %d less excess %d pays %d cents', (agreedLoss, excess, payable) => {
    expect(claimPayable({ agreedLoss, excess })).toBe(payable);
  });

  it('always pays whole shillings, never more than the agreed loss less the excess', () => {
    for (let excess = 0; excess < 5_000; excess += 7) {
      for (const agreedLoss of [10_000, 123_400, 2_500_000]) {
        const payable = claimPayable({ agreedLoss, excess });
        expect(payable % 100).toBe(0);
        expect(payable).toBeLessThanOrEqual(Math.max(0, agreedLoss - excess));
        expect(Math.max(0, agreedLoss - excess) - payable).toBeLessThan(100);
      }
    }
  });

  it.each([
    [{ outcome: 'paid', receipt: ' tjk4h7q2zp ' }, null],
    [
      { outcome: 'paid', receipt: 'TJK4H7' },
      'Enter the M-Pesa receipt number as on the statement, e.g. TJK4H7Q2ZP.',
    ],
    [
      { outcome: 'not_paid', note: 'short' },
      'Say how you checked that nothing was paid (at least 10 characters).',
    ],
    [{ outcome: 'not_paid', note: 'Not on the B2C statement of 23 Nov.' }, null],
    [{ outcome: 'maybe' }, 'Choose what the M-Pesa statement shows: paid or not paid.'],
  ])('resolving a payout %j', (input, message) => {
    const parsed = resolvePayoutSchema.safeParse({ id: 1, ...input });
    if (message === null) expect(parsed.success).toBe(true);
    else expect(parsed.error?.issues.map((issue) => issue.message)).toContain(message);
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
