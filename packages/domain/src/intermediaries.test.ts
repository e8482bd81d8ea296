import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canMoveHelpRequest,
  createHelpRequestFormSchema,
  createHelpRequestSchema,
  effectiveHelpRequestStatus,
  HELP_REQUEST_MESSAGES,
  HELP_REQUEST_STATUSES,
  type HelpRequestStatus,
  phoneSearchDigits,
  type StoredHelpRequestStatus,
} from './intermediaries';
import { NUMBER_MESSAGES } from './numbers';
import { formatBasisPoints, inviteStaffSchema } from './staff';

describe('effectiveHelpRequestStatus', () => {
  const today = '2026-11-23';
  const cases: Array<[string, StoredHelpRequestStatus, string, 'ACTIVE' | 'SUSPENDED', HelpRequestStatus]> = [
    ['pending, in time', 'PENDING', '2026-11-30', 'ACTIVE', 'PENDING'],
    ['pending on its last day', 'PENDING', '2026-11-23', 'ACTIVE', 'PENDING'],
    ['pending the day after its expiry', 'PENDING', '2026-11-22', 'ACTIVE', 'EXPIRED'],
    ['in review past its expiry', 'IN_REVIEW', '2026-11-01', 'ACTIVE', 'EXPIRED'],
    ['quoted past its expiry keeps its answer', 'QUOTED', '2026-11-01', 'ACTIVE', 'QUOTED'],
    ['accepted past its expiry', 'ACCEPTED', '2026-11-01', 'ACTIVE', 'ACCEPTED'],
    ['pending, firm suspended', 'PENDING', '2026-11-30', 'SUSPENDED', 'SUSPENDED'],
    ['in review, firm suspended', 'IN_REVIEW', '2026-11-30', 'SUSPENDED', 'SUSPENDED'],
    ['expired wins over suspended', 'PENDING', '2026-11-01', 'SUSPENDED', 'EXPIRED'],
    ['rejected, firm suspended', 'REJECTED', '2026-11-30', 'SUSPENDED', 'REJECTED'],
  ];
  it.each(cases)('%s', (_label, status, expiry, intermediaryStatus, expected) => {
    expect(effectiveHelpRequestStatus({ status, expiry, today, intermediaryStatus })).toBe(expected);
  });
});

describe('canMoveHelpRequest', () => {
  const allowed = new Set(['PENDING>IN_REVIEW', 'IN_REVIEW>QUOTED', 'QUOTED>ACCEPTED', 'QUOTED>REJECTED']);
  it('allows exactly PENDING → IN_REVIEW → QUOTED → ACCEPTED | REJECTED', () => {
    for (const from of HELP_REQUEST_STATUSES)
      for (const to of HELP_REQUEST_STATUSES)
        expect(canMoveHelpRequest(from, to), `${from} → ${to}`).toBe(allowed.has(`${from}>${to}`));
  });
});

describe('phoneSearchDigits', () => {
  it.each([
    ['0722 000 202', '722000202'],
    ['+254722000202', '722000202'],
    ['254 722-000-202', '722000202'],
    ['(0722) 000202', '722000202'],
    ['722000', '722000'],
    ['savannah', null],
    ['info2@x', null],
    ['07', null],
  ])('%s → %s', (search, digits) => {
    expect(phoneSearchDigits(search)).toBe(digits);
  });

  it('reads every way of writing one number as the same digits (property)', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[17]\d{8}$/),
        fc.constantFrom('0', '+254', '254', '00254', '+254 ', '0 '),
        (national, prefix) => {
          expect(phoneSearchDigits(`${prefix}${national}`)).toBe(national);
        },
      ),
    );
  });
});

describe('createHelpRequestSchema', () => {
  const schema = createHelpRequestSchema({ today: () => '2026-11-23' });
  const valid = {
    entityRefs: [1, 2, 2],
    expiry: '2026-11-23',
    remarks: 'Please quote comprehensive cover.',
    clientDetails: {
      names: { firstName: 'Wanjiru', lastName: 'Kamau' },
      email: 'W@Example.co.ke',
      kraPin: 'a123456789z',
    },
    riskDetails: { value: '1,500,000', chassisNumber: 'nze1410001234567x', regNo: 'kbc  123a' },
  };

  it('normalises what people type and accepts an expiry of today', () => {
    const form = createHelpRequestFormSchema({ today: () => '2026-11-23' });
    expect(form.parse(valid)).toMatchObject({ riskDetails: { value: 1_500_000 } });
    // On the wire the value is its cents (issue 29); typed text is the form's to read.
    const sent = { ...valid, riskDetails: { ...valid.riskDetails, value: 150_000_000 } };
    expect(schema.parse(sent)).toMatchObject({ riskDetails: { value: 150_000_000 } });
    expect(schema.safeParse(valid).error?.issues[0]?.message).toBe(NUMBER_MESSAGES.amountInvalid);
    expect(
      schema.safeParse({ ...valid, riskDetails: { ...valid.riskDetails, value: 150_000_050 } }).error
        ?.issues[0]?.message,
    ).toBe(NUMBER_MESSAGES.amountWhole);
    expect(form.parse(valid)).toMatchObject({
      entityRefs: [1, 2],
      status: 'PENDING',
      clientDetails: { email: 'w@example.co.ke', kraPin: 'A123456789Z' },
      riskDetails: { value: 1_500_000, chassisNumber: 'NZE1410001234567X', regNo: 'KBC 123A' },
    });
  });

  it.each([
    ['2026-11-22', HELP_REQUEST_MESSAGES.expiryPast],
    ['2027-11-24', HELP_REQUEST_MESSAGES.expiryTooFar],
    ['2026-02-30', HELP_REQUEST_MESSAGES.expiryNotADate],
    ['', HELP_REQUEST_MESSAGES.expiryRequired],
  ])('refuses the expiry %s', (expiry, message) => {
    const result = createHelpRequestFormSchema({ today: () => '2026-11-23' }).safeParse({ ...valid, expiry });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([message]);
  });

  it('refuses more than ten intermediaries', () => {
    const result = createHelpRequestFormSchema({ today: () => '2026-11-23' }).safeParse({
      ...valid,
      entityRefs: Array.from({ length: 11 }, (_, index) => index + 1),
    });
    expect(result.error?.issues[0]?.message).toBe(HELP_REQUEST_MESSAGES.intermediariesTooMany);
  });
});

describe('inviteStaffSchema and basis points', () => {
  it('ties the firm to the intermediary role and the insurer to the underwriter role', () => {
    const person = { email: 'n@example.co.ke', firstName: 'Njeri', lastName: 'Mutua' };
    expect(inviteStaffSchema.safeParse({ ...person, role: 'intermediary', intermediaryId: 3 }).success).toBe(
      true,
    );
    expect(
      inviteStaffSchema.safeParse({ ...person, role: 'underwriter', underwriterId: 'apa' }).success,
    ).toBe(true);
    expect(inviteStaffSchema.safeParse({ ...person, role: 'admin' }).success).toBe(true);
    expect(inviteStaffSchema.safeParse({ ...person, role: 'admin', intermediaryId: 3 }).success).toBe(false);
    expect(inviteStaffSchema.safeParse({ ...person, role: 'lender', lenderId: 1 }).success).toBe(true);
    expect(inviteStaffSchema.safeParse({ ...person, role: 'lender' }).success).toBe(false);
    expect(
      inviteStaffSchema.safeParse({ ...person, role: 'underwriter', underwriterId: 'apa', lenderId: 1 })
        .success,
    ).toBe(false);
  });

  it.each([
    [1000, '10%'],
    [1250, '12.5%'],
    [2000, '20%'],
    [5, '0.05%'],
    [0, '0%'],
  ])('%i basis points read %s', (bps, text) => {
    expect(formatBasisPoints(bps)).toBe(text);
  });
});
