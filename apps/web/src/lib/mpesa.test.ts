import { MPESA_MESSAGES, normaliseMpesaDigits } from '@bima/domain';
import { describe, expect, it } from 'vitest';
import {
  announcementKey,
  checkMpesaNumber,
  keepPhoneCharacters,
  MPESA_INPUT_MAX_LENGTH,
  mpesaDigitsFromKyc,
  toMpesaPhoneNumber,
  validityNotification,
} from './mpesa';

describe('normaliseMpesaDigits: the ways Kenyans write a number give the nine digits', () => {
  it.each([
    ['0712 345 678', '712345678'],
    ['0712345678', '712345678'],
    ['0712-345-678', '712345678'],
    ['+254 712 345 678', '712345678'],
    ['+254712345678', '712345678'],
    ['254712345678', '712345678'],
    ['254 712 345678', '712345678'],
    ['00254 712 345 678', '712345678'],
    ['+254 (0) 712 345 678', '712345678'],
    ['(0712) 345.678', '712345678'],
    ['0110 123 456', '110123456'],
    ['712345678', '712345678'],
    ['112345678', '112345678'],
    ['', ''],
    ['abc', ''],
  ])('%j → %j', (typed, digits) => {
    expect(normaliseMpesaDigits(typed)).toBe(digits);
  });
});

describe('checkMpesaNumber', () => {
  it.each([
    ['', '', 'empty', null],
    ['abc', '', 'empty', null],
    ['7', '7', 'partial', MPESA_MESSAGES.length],
    ['71234567', '71234567', 'partial', MPESA_MESSAGES.length],
    ['712345678', '712345678', 'valid', null],
    ['112345678', '112345678', 'valid', null],
    ['0712 345 678', '712345678', 'valid', null],
    ['0712345678', '712345678', 'valid', null],
    ['+254712345678', '712345678', 'valid', null],
    ['254 712 345 678', '712345678', 'valid', null],
    ['712-345-678', '712345678', 'valid', null],
    // Typing a leading 0 or a country code is not an error on the way.
    ['0', '', 'partial', MPESA_MESSAGES.length],
    ['07', '7', 'partial', MPESA_MESSAGES.length],
    ['0712 345 67', '71234567', 'partial', MPESA_MESSAGES.length],
    ['+', '', 'empty', null],
    ['2', '2', 'partial', MPESA_MESSAGES.length],
    ['25', '25', 'partial', MPESA_MESSAGES.length],
    ['+254', '', 'partial', MPESA_MESSAGES.length],
    ['+254 7', '7', 'partial', MPESA_MESSAGES.length],
    // Nothing is cut: ten digits are too many, not silently the first nine.
    ['7123456789', '7123456789', 'invalid', MPESA_MESSAGES.length],
    ['0712 345 6789', '7123456789', 'invalid', MPESA_MESSAGES.length],
    ['8', '8', 'invalid', MPESA_MESSAGES.startDigit],
    ['812345678', '812345678', 'invalid', MPESA_MESSAGES.startDigit],
    ['0812 345 678', '812345678', 'invalid', MPESA_MESSAGES.startDigit],
    ['23', '23', 'invalid', MPESA_MESSAGES.startDigit],
  ])('%j reads as %j (%s)', (typed, digits, status, message) => {
    expect(checkMpesaNumber(typed)).toEqual({ digits, status, message });
  });

  it('uses the spec texts word for word', () => {
    expect(checkMpesaNumber('5').message).toBe('Please enter a valid Safaricom number starting with 7 or 1');
    expect(checkMpesaNumber('7').message).toBe('Phone number must be 9 digits');
  });

  it('prefixes 254 for the payment request', () => {
    expect(toMpesaPhoneNumber('712345678')).toBe('254712345678');
  });
});

describe('keepPhoneCharacters', () => {
  it.each([
    ['0712 345 678', '0712 345 678'],
    ['+254 (0) 712-345-678', '+254 (0) 712-345-678'],
    ['07a12b', '0712'],
    ['tel: 0712 345 678', ' 0712 345 678'],
  ])('%j keeps %j', (typed, kept) => {
    expect(keepPhoneCharacters(typed)).toBe(kept);
  });

  it(`keeps at most ${MPESA_INPUT_MAX_LENGTH} characters, enough for a spaced number with +254`, () => {
    expect(keepPhoneCharacters('+254 (0) 712-345-678').length).toBeLessThanOrEqual(MPESA_INPUT_MAX_LENGTH);
    expect(keepPhoneCharacters('1'.repeat(40))).toHaveLength(MPESA_INPUT_MAX_LENGTH);
  });
});

describe('mpesaDigitsFromKyc: the KYC phone prefills the payment number', () => {
  it.each([
    ['254712345678', '712345678'],
    ['+254712345678', '712345678'],
    ['0712345678', '712345678'],
    ['0110123456', '110123456'],
    ['0812345678', ''],
    ['071234', ''],
    [null, ''],
    [undefined, ''],
  ])('%j → %j', (phone, digits) => {
    expect(mpesaDigitsFromKyc(phone)).toBe(digits);
  });
});

describe('validityNotification: one notification per change of validity', () => {
  /** Types `text` one character at a time and collects the notifications. */
  function typeSlowly(text: string, lastAnnounced: string | null = null) {
    const shown: string[] = [];
    let previous = checkMpesaNumber('');
    let last = lastAnnounced;
    for (let end = 1; end <= text.length; end += 1) {
      const next = checkMpesaNumber(text.slice(0, end));
      const notification = validityNotification(previous, next, last);
      if (notification) {
        shown.push(notification.verdict);
        last = notification.key;
      }
      previous = next;
    }
    return shown;
  }

  it('typing "0712 345 678" key by key announces valid once', () => {
    expect(typeSlowly('0712 345 678')).toEqual(['valid']);
  });

  it('typing "+254 712 345 678" key by key announces valid once', () => {
    expect(typeSlowly('+254 712 345 678')).toEqual(['valid']);
  });

  it('a partial number announces nothing; a wrong first digit is shown under the input, not toasted', () => {
    expect(typeSlowly('0712 34')).toEqual([]);
    expect(typeSlowly('8')).toEqual([]);
  });

  it('a complete invalid number is announced once, however many keys follow', () => {
    expect(typeSlowly('812345678999')).toEqual(['invalid']);
  });

  it('going from valid to too long and back announces each change', () => {
    const valid = checkMpesaNumber('712345678');
    const tooLong = checkMpesaNumber('7123456789');
    const invalid = validityNotification(valid, tooLong, announcementKey('valid', '712345678'));
    expect(invalid?.verdict).toBe('invalid');
    expect(validityNotification(tooLong, valid, invalid?.key ?? null)?.verdict).toBe('valid');
  });

  it('deleting a digit and typing it again does not announce the same number twice', () => {
    const valid = checkMpesaNumber('712345678');
    const key = announcementKey('valid', valid.digits);
    expect(validityNotification(checkMpesaNumber('71234567'), valid, key)).toBeNull();
  });

  it('a different valid number is announced', () => {
    expect(
      validityNotification(
        checkMpesaNumber('71234567'),
        checkMpesaNumber('712345670'),
        announcementKey('valid', '712345678'),
      )?.verdict,
    ).toBe('valid');
  });
});
