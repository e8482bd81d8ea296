import { describe, expect, it } from 'vitest';
import { backspaceOtp, emptyOtp, enterOtpValue, isCompleteOtp, joinOtp, pasteOtp } from './otp';

describe('enterOtpValue', () => {
  it('fills the box with a typed digit and moves focus forward', () => {
    expect(enterOtpValue(emptyOtp(), 0, '7')).toEqual({ digits: ['7', '', '', ''], focusIndex: 1 });
  });

  it('keeps focus on the last box when it is filled', () => {
    expect(enterOtpValue(['1', '2', '3', ''], 3, '4')).toEqual({
      digits: ['1', '2', '3', '4'],
      focusIndex: 3,
    });
  });

  it('replaces the digit of a filled box with the one typed after it', () => {
    expect(enterOtpValue(['3', '', '', ''], 0, '35')).toEqual({ digits: ['5', '', '', ''], focusIndex: 1 });
  });

  it('replaces the digit of a filled box with the one typed before it', () => {
    expect(enterOtpValue(['3', '', '', ''], 0, '53')).toEqual({ digits: ['5', '', '', ''], focusIndex: 1 });
  });

  it('ignores letters and symbols', () => {
    expect(enterOtpValue(emptyOtp(), 1, 'a')).toEqual({ digits: ['', '', '', ''], focusIndex: 1 });
  });

  it('clears a box without moving focus', () => {
    expect(enterOtpValue(['1', '2', '', ''], 1, '')).toEqual({ digits: ['1', '', '', ''], focusIndex: 1 });
  });

  it('spreads several digits from the box onwards', () => {
    expect(enterOtpValue(['9', '', '', ''], 1, '23')).toEqual({ digits: ['9', '2', '3', ''], focusIndex: 3 });
  });

  it('fills every box with a whole code (one-time-code autofill) in any box', () => {
    expect(enterOtpValue(emptyOtp(), 2, '4821')).toEqual({ digits: ['4', '8', '2', '1'], focusIndex: 3 });
  });
});

describe('pasteOtp', () => {
  it('fills all four boxes from a 4-digit code, whichever box has focus', () => {
    expect(pasteOtp(emptyOtp(), 2, '5093')).toEqual({ digits: ['5', '0', '9', '3'], focusIndex: 3 });
  });

  it('accepts a code with spaces or a dash', () => {
    expect(pasteOtp(emptyOtp(), 0, ' 50-93 ')?.digits).toEqual(['5', '0', '9', '3']);
  });

  it('fills on from the focused box with fewer digits', () => {
    expect(pasteOtp(['1', '', '', ''], 1, '23')).toEqual({ digits: ['1', '2', '3', ''], focusIndex: 3 });
  });

  it('drops digits beyond the last box', () => {
    expect(pasteOtp(emptyOtp(), 0, '123456')?.digits).toEqual(['1', '2', '3', '4']);
  });

  it('does nothing for text without digits', () => {
    expect(pasteOtp(emptyOtp(), 0, 'code')).toBeNull();
  });
});

describe('backspaceOtp', () => {
  it('moves focus back from an empty box', () => {
    expect(backspaceOtp(['1', '2', '', ''], 2)).toEqual({ digits: ['1', '2', '', ''], focusIndex: 1 });
  });

  it('leaves a filled box to the browser to clear', () => {
    expect(backspaceOtp(['1', '2', '', ''], 1)).toBeNull();
  });

  it('stays on the first box', () => {
    expect(backspaceOtp(emptyOtp(), 0)).toBeNull();
  });
});

describe('a complete code', () => {
  it.each([
    [['1', '2', '3', '4'], true],
    [['1', '2', '3', ''], false],
    [emptyOtp(), false],
  ])('%j complete: %s', (digits, expected) => {
    expect(isCompleteOtp(digits)).toBe(expected);
  });

  it('joins the digits in order', () => {
    expect(joinOtp(['0', '4', '2', '7'])).toBe('0427');
  });
});
