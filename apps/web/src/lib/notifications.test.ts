import { describe, expect, it } from 'vitest';
import { chooseToastEdge } from './notifications';

// A 844 px phone, its header ending at 64 px, toasts taking 80 px (with their gaps).
const screen = { headerBottom: 64, band: 80, viewport: 844 };

describe('chooseToastEdge (toasts on a phone never sit over the element in use)', () => {
  it.each([
    ['nothing in use', null, 'top'],
    ['a field in the middle of the screen', { top: 400, bottom: 444 }, 'top'],
    ['a button at the bottom of the screen', { top: 790, bottom: 834 }, 'top'],
    ['a field just under the header', { top: 70, bottom: 114 }, 'bottom'],
    ['a field ending exactly where the toasts start', { top: 20, bottom: 64 }, 'top'],
    ['a field starting exactly where the toasts end', { top: 144, bottom: 188 }, 'top'],
    ['a field as tall as the screen (no clear edge: the top)', { top: 0, bottom: 844 }, 'top'],
  ] as const)('%s → %s', (_name, active, edge) => {
    expect(chooseToastEdge({ ...screen, active })).toBe(edge);
  });
});
