import { describe, expect, it } from 'vitest';
import { routeOfPath, scrubPersonalData, trimStack } from './client-errors';

describe('scrubPersonalData', () => {
  it.each([
    [
      'removes an e-mail address',
      'no account for wanjiru.kamau+test@example.co.ke',
      'no account for [email]',
    ],
    ['removes a Kenyan phone number', 'prompt to +254 712 345 678 failed', 'prompt to [phone] failed'],
    ['removes a phone number with dashes', 'call 0712-345-678 now', 'call [phone] now'],
    ['removes an ID number', 'ID 12345678 not found', 'ID [digits] not found'],
    ['removes a run of five digits', 'invoice 12345 unpaid', 'invoice [digits] unpaid'],
    ['removes a KRA PIN', 'PIN A123456789X refused', 'PIN A[phone]X refused'],
    [
      'a stack frame keeps its line and column',
      'at f (https://x/assets/index-a1b2.js:1:23456)',
      'at f (https://x/assets/index-a1b2.js:1:23456)',
    ],
    ['small numbers stay', 'expected 3 items, got 42', 'expected 3 items, got 42'],
  ])('%s', (_name, text, scrubbed) => {
    expect(scrubPersonalData(text)).toBe(scrubbed);
  });
});

describe('routeOfPath', () => {
  it.each([
    ['/newportal/policies', '/newportal/policies'],
    ['/motor/quote?sumInsured=2500000&phone=0712345678#top', '/motor/quote'],
    ['/staff/clients/wanjiru@example.co.ke', '/staff/clients/[email]'],
    ['/password-setup/eyJhbGciOiJIUzI1NiJ9abcdefghijklmnopqrstuvwxyz', '/password-setup/[token]'],
    ['', '/'],
  ])('%s → %s', (path, route) => {
    expect(routeOfPath(path)).toBe(route);
  });
});

describe('trimStack', () => {
  it('keeps the first lines only, scrubbed', () => {
    const stack = [
      'Error: no client 0712345678',
      ...Array.from({ length: 30 }, (_, i) => `  at f${i} (app.js:1:${i})`),
    ].join('\n');
    const trimmed = trimStack(stack);
    expect(trimmed.split('\n')).toHaveLength(12);
    expect(trimmed).toContain('Error: no client [phone]');
    expect(trimmed).not.toContain('f20');
  });
});
