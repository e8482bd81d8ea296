import { describe, expect, it } from 'vitest';
import {
  CERTIFICATE_MESSAGES,
  CERTIFICATE_NUMBER_PATTERN,
  certificateStatusOn,
  certificateTypeOf,
  formatCertificateNumber,
  maskInsuredName,
  pickCertificateForDate,
  verifyCertificateSchemaFor,
} from './certificates';

describe('certificateTypeOf: the type follows the vehicle’s use', () => {
  it.each([
    { classCode: '07', primaryUse: undefined, type: 'C', why: 'motor private is a private vehicle' },
    { classCode: '08', primaryUse: 'psv', type: 'A', why: 'a PSV carries passengers for hire' },
    {
      classCode: '08',
      primaryUse: 'general-cartage',
      type: 'A',
      why: 'general cartage carries goods for hire',
    },
    { classCode: '08', primaryUse: 'own-goods', type: 'B', why: 'own goods is a commercial vehicle' },
    { classCode: '08', primaryUse: null, type: 'B', why: 'a commercial vehicle of unknown use' },
    { classCode: '03', primaryUse: undefined, type: null, why: 'fire domestic has no certificate' },
    { classCode: '05', primaryUse: undefined, type: null, why: 'theft has no certificate' },
    { classCode: '04', primaryUse: undefined, type: null, why: 'aviation has no certificate' },
  ])('$classCode $primaryUse → $type ($why)', ({ classCode, primaryUse, type }) => {
    expect(certificateTypeOf({ classCode, primaryUse })).toBe(type);
  });

  it('makes a motor cycle Type D whatever its use, by the register’s class or its body type', () => {
    expect(certificateTypeOf({ classCode: '07', vehicle: { vehicleClass: 'motorcycle' } })).toBe('D');
    expect(
      certificateTypeOf({ classCode: '08', primaryUse: 'psv', vehicle: { bodyType: 'MOTOR CYCLE' } }),
    ).toBe('D');
    expect(certificateTypeOf({ classCode: '07', vehicle: { bodyType: 'Saloon' } })).toBe('C');
    expect(certificateTypeOf({ classCode: '03', vehicle: { vehicleClass: 'motorcycle' } })).toBeNull();
  });
});

describe('formatCertificateNumber', () => {
  it('pads the year’s sequence to six digits', () => {
    expect(formatCertificateNumber({ year: 2026, sequence: 123 })).toBe('BIMA-C-2026-000123');
    expect(formatCertificateNumber({ year: 2027, sequence: 1 })).toBe('BIMA-C-2027-000001');
  });
  it('grows past six digits rather than wrapping', () => {
    expect(formatCertificateNumber({ year: 2026, sequence: 1_234_567 })).toBe('BIMA-C-2026-1234567');
    expect(CERTIFICATE_NUMBER_PATTERN.test('BIMA-C-2026-1234567')).toBe(true);
  });
  it('refuses a sequence that is not a positive integer', () => {
    expect(() => formatCertificateNumber({ year: 2026, sequence: 0 })).toThrow(RangeError);
    expect(() => formatCertificateNumber({ year: 2026, sequence: 1.5 })).toThrow(RangeError);
  });
  it.each(['BIMA-C-2026-00012', 'C12345678', 'BIMA-C-26-000123', 'bima-c-2026-000123'])(
    'the pattern refuses %s',
    (value) => expect(CERTIFICATE_NUMBER_PATTERN.test(value)).toBe(false),
  );
});

describe('certificateStatusOn (end date inclusive, cancellation first)', () => {
  const period = { startDate: '2026-01-10', endDate: '2027-01-09', cancelledOn: null };
  it.each([
    { date: '2026-01-10', status: 'VALID', why: 'the first day' },
    { date: '2027-01-09', status: 'VALID', why: 'the last day' },
    { date: '2027-01-10', status: 'EXPIRED', why: 'the day after the end' },
    { date: '2026-01-09', status: 'NOT_YET_VALID', why: 'the day before the start' },
  ])('$date → $status ($why)', ({ date, status }) => {
    expect(certificateStatusOn(period, date)).toBe(status);
  });
  it('is cancelled from the day of cancellation, valid the day before', () => {
    const cancelled = { ...period, cancelledOn: '2026-06-01' };
    expect(certificateStatusOn(cancelled, '2026-05-31')).toBe('VALID');
    expect(certificateStatusOn(cancelled, '2026-06-01')).toBe('CANCELLED');
  });
});

describe('pickCertificateForDate', () => {
  const old = { id: 1, startDate: '2024-01-01', endDate: '2024-12-31', cancelledOn: null };
  const current = { id: 2, startDate: '2025-01-01', endDate: '2025-12-31', cancelledOn: null };
  const future = { id: 3, startDate: '2027-01-01', endDate: '2027-12-31', cancelledOn: null };
  it('answers with the one covering the day', () => {
    expect(pickCertificateForDate([old, current, future], '2025-06-01')?.id).toBe(2);
  });
  it('prefers a valid certificate to a cancelled one over the same day', () => {
    const cancelled = { ...current, id: 4, cancelledOn: '2025-03-01' };
    expect(pickCertificateForDate([cancelled, current], '2025-06-01')?.id).toBe(2);
    expect(pickCertificateForDate([cancelled], '2025-06-01')?.id).toBe(4);
  });
  it('else the latest that ended, else the next to start, else none', () => {
    expect(pickCertificateForDate([old, current, future], '2026-06-01')?.id).toBe(2);
    expect(pickCertificateForDate([future], '2026-06-01')?.id).toBe(3);
    expect(pickCertificateForDate([], '2026-06-01')).toBeNull();
  });
});

describe('maskInsuredName', () => {
  it('keeps only each name’s first letter', () => {
    expect(maskInsuredName('  jane  Wanjiku Kamau ')).toBe('J*** W*** K***');
  });
});

describe('verifyCertificateSchemaFor', () => {
  const schema = verifyCertificateSchemaFor('2026-11-27');
  const fieldsOf = (input: unknown) => {
    const parsed = schema.safeParse(input);
    return parsed.success ? [] : parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
  };
  it('takes a certificate number as typed', () => {
    expect(schema.parse({ certificateNumber: ' bima-c-2026-000123 ' })).toEqual({
      by: 'number',
      certificateNumber: 'BIMA-C-2026-000123',
    });
  });
  it('takes a plate and a date, the plate stored without its space', () => {
    expect(schema.parse({ registrationNumber: 'kcr 442x', date: '2026-11-27' })).toEqual({
      by: 'plate',
      registrationNumber: 'KCR442X',
      date: '2026-11-27',
    });
  });
  it('names the field of each mistake', () => {
    expect(schema.parse({ certificateNumber: ' c12345678 ' })).toEqual({
      by: 'number',
      certificateNumber: 'C12345678',
    });
    expect(fieldsOf({ certificateNumber: 'C123' })).toEqual([
      ['certificateNumber', CERTIFICATE_MESSAGES.certificateNumberInvalid],
    ]);
    expect(fieldsOf({})).toEqual([['certificateNumber', CERTIFICATE_MESSAGES.certificateOrPlateRequired]]);
    expect(fieldsOf({ registrationNumber: 'KCR 442X' })).toEqual([
      ['date', CERTIFICATE_MESSAGES.dateRequired],
    ]);
    expect(fieldsOf({ registrationNumber: '12', date: '2026-02-30' })).toEqual([
      ['registrationNumber', CERTIFICATE_MESSAGES.registrationInvalid],
      ['date', CERTIFICATE_MESSAGES.dateInvalid],
    ]);
  });
  it('allows dates from 2000 up to a year ahead', () => {
    expect(fieldsOf({ registrationNumber: 'KCR 442X', date: '1999-12-31' })).toEqual([
      ['date', CERTIFICATE_MESSAGES.dateOutOfRange],
    ]);
    expect(fieldsOf({ registrationNumber: 'KCR 442X', date: '2027-11-28' })).toEqual([]);
    expect(fieldsOf({ registrationNumber: 'KCR 442X', date: '2027-11-29' })).toEqual([
      ['date', CERTIFICATE_MESSAGES.dateOutOfRange],
    ]);
  });
});
