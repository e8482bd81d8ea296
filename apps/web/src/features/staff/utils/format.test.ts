import { describe, expect, it } from 'vitest';
import { bpsToPercentText, percentTextToBps, statusLabel, statusTone } from './format';

describe('staff formats', () => {
  it.each([
    [1000, '10'],
    [1250, '12.5'],
    [5, '0.05'],
  ])('%i basis points read %s percent', (bps, text) => {
    expect(bpsToPercentText(bps)).toBe(text);
  });

  it.each<[string, number | null]>([
    ['10', 1000],
    ['12.5', 1250],
    [' 7,25 % ', 725],
    ['0', 0],
    ['', null],
    ['ten', null],
    ['1.234', null],
    ['-1', null],
  ])("'%s' percent is %s basis points", (text, bps) => {
    expect(percentTextToBps(text)).toBe(bps);
  });

  it('names statuses and gives them a tone', () => {
    expect(statusLabel('IN_REVIEW')).toBe('In review');
    expect(statusLabel('SOMETHING')).toBe('SOMETHING');
    expect(statusTone('SUSPENDED')).toBe('danger');
    expect(statusTone('SOMETHING')).toBe('neutral');
  });
});
