/**
 * The compiler holds the API to its contract: `npm run typecheck` fails if a `@ts-expect-error` below
 * stops being an error (a handler answering what its output schema does not allow would compile).
 * The tests at the bottom only run what the compiler already judged.
 */
import { describe, expect, it } from 'vitest';
import { defineAction } from '../src/gateway/registry';
import { SerializedResult } from '../src/gateway/serialized';

const support = { service: 'platform', resource: 'support', action: 'getSupportContacts' } as const;
const base = { ...support, auth: 'public', description: 'a contract check' } as const;
const input = { parse: () => ({}) } as never;

export const compiled = [
  // What the contract says: compiles.
  defineAction({
    ...base,
    input,
    handler: async () => ({ phone: '0700', email: 'a@b.c', address: 'Nairobi' }),
  }),
  // A field missing from the answer.
  defineAction({
    ...base,
    input,
    // @ts-expect-error the contract's answer has an address
    handler: async () => ({ phone: '0700', email: 'a@b.c' }),
  }),
  // A field of the wrong type.
  defineAction({
    ...base,
    input,
    // @ts-expect-error phone is text on the wire
    handler: async () => ({ phone: 700, email: 'a@b.c', address: 'Nairobi' }),
  }),
  // A kept (serialized) answer of the wrong type.
  defineAction({
    ...base,
    input,
    // @ts-expect-error a kept answer is checked as the answer itself
    handler: async () => new SerializedResult({ phone: '0700' }),
  }),
];

describe('the contract, as the compiler holds the API to it', () => {
  it('defines every action above (the checks are the compile errors)', () => {
    expect(compiled).toHaveLength(4);
  });
});
