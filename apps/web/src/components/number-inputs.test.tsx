import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import {
  AmountInput,
  CountInput,
  formatAmountText,
  formatCountText,
  formatPhoneText,
  type NumberInputProps,
  PhoneInput,
} from './number-inputs';
import type { TextFieldProps } from './text-field';

/** A registration that records what the form was told. */
function recording() {
  const told: Array<{ kind: string; value: string }> = [];
  const registration = {
    name: 'amount',
    onChange: async (event: { target: { value: string } }) => {
      told.push({ kind: 'change', value: event.target.value });
    },
    onBlur: async (event: { target: { value: string } }) => {
      told.push({ kind: 'blur', value: event.target.value });
    },
    ref: () => {},
  } as unknown as UseFormRegisterReturn;
  return { registration, told };
}

/** Leaves the field holding `typed`: what the input shows afterwards and what the form was told. */
async function leave(Input: (props: NumberInputProps) => ReactElement, typed: string) {
  const { registration, told } = recording();
  const element = Input({ label: 'Value', registration }) as ReactElement<TextFieldProps>;
  const target = { value: typed, name: 'amount' };
  await element.props.registration.onBlur({ target, type: 'blur' } as never);
  return { shown: target.value, told };
}

describe('formatting a typed value back', () => {
  it.each([
    ['5000000', '5,000,000'],
    ['5 000 000', '5,000,000'],
    ['KES 5,000,000.00', '5,000,000'],
    ['1234.5', '1,234.50'],
    ['abc', 'abc'],
    ['', ''],
  ])('amount %j shows as %j', (typed, shown) => {
    expect(formatAmountText(typed)).toBe(shown);
  });

  it.each([
    ['1500', '1,500'],
    ['1 500', '1,500'],
    ['1,5', '1,5'],
  ])('count %j shows as %j', (typed, shown) => {
    expect(formatCountText(typed)).toBe(shown);
  });

  it.each([
    ['0712345678', '0712 345 678'],
    ['+254 712 345 678', '0712 345 678'],
    ['712345678', '0712 345 678'],
    ['254712345678', '0712 345 678'],
    ['0112345678', '0112 345 678'],
    ['12345', '12345'],
  ])('phone %j shows as %j', (typed, shown) => {
    expect(formatPhoneText(typed)).toBe(shown);
  });
});

describe('AmountInput, CountInput and PhoneInput', () => {
  it('show the value back grouped when the field is left, and tell the form the new value', async () => {
    expect(await leave(AmountInput, '5000000')).toEqual({
      shown: '5,000,000',
      told: [
        { kind: 'change', value: '5,000,000' },
        { kind: 'blur', value: '5,000,000' },
      ],
    });
    expect((await leave(CountInput, '1500')).shown).toBe('1,500');
    expect((await leave(PhoneInput, '+254712345678')).shown).toBe('0712 345 678');
  });

  it('leave a value in the wrong form as typed, for the form to say what is wrong', async () => {
    expect(await leave(AmountInput, 'abc')).toEqual({ shown: 'abc', told: [{ kind: 'blur', value: 'abc' }] });
  });

  it('open the number keypad for amounts and counts and the phone keypad for phones', () => {
    const { registration } = recording();
    expect(renderToStaticMarkup(<AmountInput label="Sum insured" registration={registration} />)).toContain(
      'inputMode="numeric"',
    );
    expect(renderToStaticMarkup(<CountInput label="Hours" registration={registration} />)).toContain(
      'inputMode="numeric"',
    );
    const phone = renderToStaticMarkup(<PhoneInput label="Phone" registration={registration} />);
    expect(phone).toContain('type="tel"');
    expect(phone).toContain('inputMode="tel"');
  });
});
