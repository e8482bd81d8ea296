import { MPESA_MESSAGES } from '@bima/domain';
import { describe, expect, it } from 'vitest';
import { checkMpesaNumber, toMpesaPhoneNumber } from './mpesa';

describe('checkMpesaNumber', () => {
  it.each([
    ['', '', 'empty', null],
    ['7', '7', 'partial', MPESA_MESSAGES.length],
    ['71234567', '71234567', 'partial', MPESA_MESSAGES.length],
    ['712345678', '712345678', 'valid', null],
    ['112345678', '112345678', 'valid', null],
    ['+254712345678', '712345678', 'valid', null],
    ['254 712 345 678', '712345678', 'valid', null],
    ['712-345-678', '712345678', 'valid', null],
    ['7123456789', '712345678', 'valid', null],
    ['0712345678', '071234567', 'invalid', MPESA_MESSAGES.startDigit],
    ['8', '8', 'invalid', MPESA_MESSAGES.startDigit],
    ['abc', '', 'empty', null],
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
