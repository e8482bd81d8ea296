import { describe, expect, it } from 'vitest';
import { classifyUnhandledError } from './unhandled-errors';

describe('classifyUnhandledError', () => {
  it.each([
    ['a TypeError is only logged', new TypeError('x is undefined'), 'warn'],
    ['a RangeError reloads', new RangeError('Maximum call stack size exceeded'), 'reload'],
    ['text without a colon is shown', new Error('Something broke'), 'notify'],
    ['text with a colon is logged', new Error('ChunkLoadError: failed'), 'warn'],
    ['nothing to show is logged', undefined, 'warn'],
  ])('%s', (_name, error, action) => {
    expect(classifyUnhandledError(error)).toBe(action);
  });
});
