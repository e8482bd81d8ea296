import { describe, expect, it } from 'vitest';
import { checkAmountInRange } from './amount-range';

describe('checkAmountInRange (never clamps)', () => {
  it.each([
    ['', 'required'],
    ['   ', 'required'],
    ['12.5', 'whole'],
    ['abc', 'whole'],
    ['49999', 'range'],
    ['200001', 'range'],
  ])('%j is refused as %s', (raw, reason) => {
    expect(checkAmountInRange(raw, 5_000_000, 20_000_000)).toEqual({ ok: false, reason });
  });

  it.each([
    ['50000', 50_000],
    ['200000', 200_000],
    [' 125000 ', 125_000],
    // As people type amounts in every other field of the portal (issue 28).
    ['125,000', 125_000],
    ['125 000', 125_000],
    ['KES 125,000', 125_000],
    ['125,000.00', 125_000],
  ])('%j is accepted at the bounds and inside, answered in cents (issue 29)', (raw, value) => {
    // The bounds come in cents (KES 50,000 to 200,000); the typed shillings are answered as cents.
    expect(checkAmountInRange(raw, 5_000_000, 20_000_000)).toEqual({ ok: true, value: value * 100 });
  });
});
