import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { zodResolver } from './zod-resolver';

const schema = z.object({
  name: z.string().min(1, 'Name is required.').min(3, 'Too short.'),
  age: z.coerce.number().min(18, 'Adults only.'),
});
const options = { fields: {}, shouldUseNativeValidation: false };

describe('zodResolver', () => {
  it('gives the parsed values when the schema passes', async () => {
    const result = await zodResolver(schema)({ name: 'Wanjiru', age: '30' } as never, undefined, options);
    expect(result).toEqual({ values: { name: 'Wanjiru', age: 30 }, errors: {} });
  });

  it('gives the first message of each failing field', async () => {
    const result = await zodResolver(schema)({ name: '', age: '12' } as never, undefined, options);
    expect(result.values).toEqual({});
    expect(result.errors).toEqual({
      name: { type: 'too_small', message: 'Name is required.' },
      age: { type: 'too_small', message: 'Adults only.' },
    });
  });
});
