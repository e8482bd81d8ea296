import { describe, expect, it } from 'vitest';
import { fitsOneSegment, isGsm7, smsLength } from './sms';

describe('SMS length (GSM 03.38)', () => {
  it('reads plain English and Kiswahili as GSM-7', () => {
    expect(isGsm7('Malipo ya KES 1,500 yamepokelewa. Asante! Ref: QK7A2B3C4D')).toBe(true);
    expect(isGsm7('Policy POL-2026-000123 issued; cert. C1234567 @ 5 January 2026 £$¥')).toBe(true);
  });

  it('reads curly quotes, emoji and letters outside the alphabet as UCS-2', () => {
    expect(isGsm7('It’s paid')).toBe(false);
    expect(isGsm7('Paid 👍')).toBe(false);
    expect(isGsm7('Açaí')).toBe(false);
    expect(smsLength('It’s paid')).toEqual({ encoding: 'UCS-2', units: 9, segments: 1, remaining: 61 });
  });

  it('counts 160 GSM-7 characters as one segment and 161 as two of 153', () => {
    expect(smsLength('a'.repeat(160))).toMatchObject({ segments: 1, remaining: 0 });
    expect(smsLength('a'.repeat(161))).toMatchObject({ segments: 2, remaining: 306 - 161 });
    expect(smsLength('a'.repeat(306))).toMatchObject({ segments: 2, remaining: 0 });
    expect(smsLength('a'.repeat(307))).toMatchObject({ segments: 3 });
  });

  it('counts an extension character (€ [ ] { } | \\ ^ ~) as two septets', () => {
    expect(smsLength('€')).toMatchObject({ encoding: 'GSM-7', units: 2 });
    expect(smsLength(`${'a'.repeat(158)}[`)).toMatchObject({ units: 160, segments: 1 });
    expect(smsLength(`${'a'.repeat(159)}]`)).toMatchObject({ units: 161, segments: 2 });
  });

  it('counts a UCS-2 text in UTF-16 units: 70 in one segment, 67 per part', () => {
    expect(smsLength(`${'a'.repeat(69)}’`)).toMatchObject({ encoding: 'UCS-2', segments: 1 });
    expect(smsLength(`${'a'.repeat(70)}’`)).toMatchObject({ segments: 2, units: 71 });
    expect(smsLength('👍'.repeat(35))).toMatchObject({ units: 70, segments: 1 });
  });

  it('an empty text is no segment', () => {
    expect(smsLength('')).toMatchObject({ segments: 0 });
  });

  it('one segment means GSM-7 and at most 160 septets', () => {
    expect(fitsOneSegment('a'.repeat(160))).toBe(true);
    expect(fitsOneSegment('a'.repeat(161))).toBe(false);
    expect(fitsOneSegment('Paid’')).toBe(false);
  });
});
