import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  differingNames,
  IdentityClient,
  isSmileSignature,
  providerIdType,
  readVerifyAnswer,
  smileSignature,
} from '../src/identity/client';

/** The client's pure parts: the signature and the reading of Enhanced KYC answers. */
describe('Smile ID signature', () => {
  it('is base64 HMAC-SHA256 of timestamp + partner id + "sid_request" keyed with the API key', () => {
    // The construction of Smile ID's server libraries (smile-identity-core-js test/signature.test.ts).
    const timestamp = '2018-01-01T00:00:00.000Z';
    const expected = createHmac('sha256', 'api-key').update(`${timestamp}001sid_request`).digest('base64');
    expect(smileSignature('api-key', '001', timestamp)).toBe(expected);
    expect(isSmileSignature('api-key', '001', timestamp, expected)).toBe(true);
    expect(isSmileSignature('api-key', '002', timestamp, expected)).toBe(false);
    expect(isSmileSignature('other-key', '001', timestamp, expected)).toBe(false);
    expect(isSmileSignature('api-key', '001', '2018-01-01T00:00:01.000Z', expected)).toBe(false);
  });

  it('signs each request with its own timestamp and carries consent and the job references', () => {
    const client = new IdentityClient({
      baseUrl: 'http://x',
      partnerId: '2070',
      apiKey: 'k',
      timeoutMs: 1000,
    });
    const body = client.requestBody(
      {
        jobId: 'job-1',
        userId: 'user-1',
        idType: 'ALIEN_CARD',
        idNumber: '1234567',
        firstName: 'Amani',
        lastName: 'Juma',
        consentAt: new Date('2026-11-28T10:00:00Z'),
      },
      new Date('2026-11-28T10:00:05Z'),
    );
    expect(body).toMatchObject({
      partner_id: '2070',
      timestamp: '2026-11-28T10:00:05.000Z',
      signature: smileSignature('k', '2070', '2026-11-28T10:00:05.000Z'),
      country: 'KE',
      id_type: 'ALIEN_CARD',
      partner_params: { job_id: 'job-1', user_id: 'user-1', job_type: 5 },
      consent_information: { consent_granted_date: '2026-11-28T10:00:00.000Z', personal_details: true },
    });
    expect(body).not.toHaveProperty('dob');
  });

  it('names our ID types as Smile ID does', () => {
    expect(providerIdType('ALIEN_ID')).toBe('ALIEN_CARD');
    expect(providerIdType('NATIONAL_ID')).toBe('NATIONAL_ID');
    expect(providerIdType('KRA_PIN')).toBe('KRA_PIN');
  });
});

describe('reading an Enhanced KYC answer', () => {
  const asked = {
    idType: 'NATIONAL_ID' as const,
    firstName: 'Wanjiru',
    lastName: 'Kamau',
    dateOfBirth: null,
  };
  const valid = (actions: Record<string, string>, fullName = 'WANJIRU KAMAU') => ({
    ResultCode: '1012',
    ResultText: 'ID Number Validated',
    SmileJobID: '0000000001',
    FullName: fullName,
    Actions: { Verify_ID_Number: 'Verified', ...actions },
  });

  it.each([
    ['exact names', valid({ Names: 'Exact Match' }), { outcome: 'verified' }],
    ['transposed names', valid({ Names: 'Transposed' }, 'KAMAU WANJIRU'), { outcome: 'verified' }],
    [
      'another surname',
      valid({ Names: 'Partial Match' }, 'WANJIRU OTIENO'),
      { outcome: 'mismatch', fields: ['lastName'] },
    ],
    [
      'other names',
      valid({ Names: 'No Match' }, 'ACHIENG OTIENO'),
      { outcome: 'mismatch', fields: ['firstName', 'lastName'] },
    ],
    [
      'an unknown number (1013)',
      { ResultCode: '1013', ResultText: 'Invalid ID' },
      { outcome: 'mismatch', fields: ['idNumber'] },
    ],
    [
      'IPRS unavailable (1015)',
      { ResultCode: '1015', ResultText: 'ID Authority Unavailable' },
      { outcome: 'unavailable' },
    ],
    ['an unexpected code', { ResultCode: '9999', ResultText: '?' }, { outcome: 'unavailable' }],
  ])('%s', (_name, body, expected) => {
    expect(readVerifyAnswer(body, asked)).toMatchObject(expected);
  });

  it('compares the date of birth only when the client gave one', () => {
    const body = valid({ Names: 'Exact Match', DOB: 'No Match' });
    expect(readVerifyAnswer(body, asked).outcome).toBe('verified');
    expect(readVerifyAnswer(body, { ...asked, dateOfBirth: '1990-01-01' })).toMatchObject({
      outcome: 'mismatch',
      fields: ['dateOfBirth'],
    });
  });

  it('says an unknown KRA PIN is the PIN, not an ID number', () => {
    expect(readVerifyAnswer({ ResultCode: '1013' }, { ...asked, idType: 'KRA_PIN' })).toMatchObject({
      fields: ['kraPin'],
    });
  });

  it('compares names as registers spell them', () => {
    expect(differingNames({ firstName: 'Wa-Njiru', lastName: 'Kamau' }, 'WANJIRU KAMAU')).toEqual([]);
    expect(differingNames({ firstName: 'Mary Wanjiru', lastName: 'Kamau' }, 'WANJIRU KAMAU')).toEqual([
      'firstName',
    ]);
  });
});
