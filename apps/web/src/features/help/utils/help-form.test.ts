import { describe, expect, it } from 'vitest';
import {
  EMPTY_HELP_FORM,
  filterIntermediaries,
  helpFormSchema,
  initialHelpValues,
  missingFieldKeys,
  toggleSelection,
  toHelpRequestPayload,
} from './help-form';

const FIRMS = [
  {
    id: 1,
    intermediaryNames: 'Savannah Insurance Brokers',
    primaryEmail: 'info@savannah-brokers.example',
    phone: '+254711000101',
  },
  {
    id: 2,
    intermediaryNames: 'Tana Insurance Brokers',
    primaryEmail: 'info@tana-brokers.example',
    phone: '+254722000202',
  },
  {
    id: 4,
    intermediaryNames: 'Wanjiku Njoroge Insurance Agency',
    primaryEmail: 'hello@njoroge-agency.example',
    phone: '+254744000404',
  },
];

const ids = (list: Array<{ id: number }>) => list.map((item) => item.id);

describe('filterIntermediaries', () => {
  it.each([
    ['', [1, 2, 4]],
    ['   ', [1, 2, 4]],
    ['  TANA ', [2]],
    ['brokers', [1, 2]],
    ['hello@njoroge', [4]],
    ['0722000202', [2]],
    ['+254 744 000', [4]],
    ['711000', [1]],
    ['12', []],
    ['nobody', []],
  ])('search %j matches %j (name, e-mail and phone, case-insensitive, trimmed)', (search, expected) => {
    expect(ids(filterIntermediaries(FIRMS, search))).toEqual(expected);
  });
});

describe('toggleSelection', () => {
  it('adds a firm and removes it on the second toggle', () => {
    expect(toggleSelection([1], 2)).toEqual([1, 2]);
    expect(toggleSelection([1, 2], 1)).toEqual([2]);
  });
});

describe('initialHelpValues', () => {
  it('prefills the client from KYC, the vehicle value from the flow and a firm from the portal', () => {
    const values = initialHelpValues({
      prefill: { firstName: 'Wanjiru', lastName: 'Kamau', email: 'w@example.co.ke', kraPin: null },
      vehicleValue: 1_500_000,
      intermediaryId: 2,
    });
    expect(values.clientDetails).toEqual({
      names: { firstName: 'Wanjiru', lastName: 'Kamau' },
      email: 'w@example.co.ke',
      kraPin: '',
    });
    expect(values.riskDetails.value).toBe('1500000');
    expect(values.entityRefs).toEqual([2]);
  });

  it('is the empty form when signed out with no flow', () => {
    expect(initialHelpValues({ prefill: null, vehicleValue: 0 })).toEqual(EMPTY_HELP_FORM);
  });
});

describe('missingFieldKeys', () => {
  it('lists every empty field in the form order', () => {
    expect(missingFieldKeys(EMPTY_HELP_FORM)).toEqual([
      'firstName',
      'lastName',
      'email',
      'kraPin',
      'value',
      'regNo',
      'chassisNumber',
      'expiry',
      'remarks',
      'intermediaries',
    ]);
  });
});

describe('the form mapped to the help request payload', () => {
  const filled = {
    clientDetails: {
      names: { firstName: ' Wanjiru ', lastName: 'Kamau' },
      email: 'W@Example.co.ke',
      kraPin: 'a123456789x',
    },
    riskDetails: { value: '1,500,000', regNo: 'kbc  123a', chassisNumber: 'jtdbr32e720123456' },
    expiry: '2999-01-01',
    remarks: 'Please quote comprehensive cover.',
    entityRefs: [2, 1, 2],
  };

  it('is spec-2 §3 payload: status PENDING, value a number, ids once', () => {
    const schema = helpFormSchema();
    // The far future is past the 365-day limit: check the mapping with a date inside it.
    const today = new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10);
    const parsed = schema.parse({ ...filled, expiry: today });
    expect(toHelpRequestPayload(parsed)).toEqual({
      entityRefs: [2, 1],
      expiry: today,
      status: 'PENDING',
      remarks: 'Please quote comprehensive cover.',
      clientDetails: {
        names: { firstName: 'Wanjiru', lastName: 'Kamau' },
        email: 'w@example.co.ke',
        kraPin: 'A123456789X',
      },
      // The typed KES 1,500,000 goes on the wire as its cents (issue 29).
      riskDetails: { value: 150_000_000, chassisNumber: 'JTDBR32E720123456', regNo: 'KBC 123A' },
    });
  });

  it('adds the e-mail check of a signed-out visitor', () => {
    const today = new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10);
    const parsed = helpFormSchema().parse({ ...filled, expiry: today });
    const payload = toHelpRequestPayload(parsed, {
      verificationRef: '00000000-0000-4000-8000-000000000000',
      code: '1234',
    });
    expect(payload.verificationRef).toBe('00000000-0000-4000-8000-000000000000');
    expect(payload.code).toBe('1234');
  });

  it.each([
    [
      'clientDetails.kraPin',
      { clientDetails: { ...filled.clientDetails, kraPin: 'A12' } },
      'Please enter a valid KRA PIN (e.g., A123456789Z)',
    ],
    [
      'riskDetails.value',
      { riskDetails: { ...filled.riskDetails, value: '0' } },
      'Vehicle value must be greater than 0',
    ],
    [
      'riskDetails.chassisNumber',
      { riskDetails: { ...filled.riskDetails, chassisNumber: 'SHORT' } },
      'Chassis number should be 17 characters long',
    ],
    ['expiry', { expiry: '2000-01-01' }, 'Expiry date cannot be in the past'],
    ['remarks', { remarks: 'short' }, 'Description must be at least 10 characters'],
    ['entityRefs', { entityRefs: [] }, 'Please select at least one intermediary'],
  ])('%s gets the spec message', (path, change, message) => {
    const result = helpFormSchema().safeParse({ ...filled, ...change });
    expect(result.success).toBe(false);
    const issue = result.error?.issues.find((entry) => entry.path.join('.') === path);
    expect(issue?.message).toBe(message);
  });
});
