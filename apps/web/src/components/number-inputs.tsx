import { parseKenyanPhone } from '@bima/domain/identifiers';
import { groupThousands, parseAmount, parseCount } from '@bima/domain/numbers';
import type { ChangeHandler, UseFormRegisterReturn } from 'react-hook-form';
import { TextField, type TextFieldProps } from './text-field';

/*
 * The one amount, count and phone input of the portal. Each takes what people type ("5,000,000",
 * "5 000 000", "1,500", "0712 345 678", "+254 712 345 678") — the domain's parsers read it the
 * same way on the server — and shows it back in the portal's own form when the field is left.
 */

/** An amount as the field shows it once left: "5000000" → "5,000,000"; text that is not an amount stays as typed. */
export function formatAmountText(typed: string): string {
  const parsed = parseAmount(typed, { unit: 'cents' });
  if (!parsed.ok) return typed;
  const whole = groupThousands(Math.trunc(parsed.value / 100));
  const cents = Math.abs(parsed.value % 100);
  return cents === 0 ? whole : `${whole}.${String(cents).padStart(2, '0')}`;
}

/** A count as the field shows it once left: "1500" → "1,500". */
export function formatCountText(typed: string): string {
  const parsed = parseCount(typed);
  return parsed.ok ? groupThousands(parsed.value) : typed;
}

/** A Kenyan phone as the field shows it once left: "+254712345678" → "0712 345 678"; others stay as typed. */
export function formatPhoneText(typed: string): string {
  const phone = parseKenyanPhone(typed);
  if (!phone) return typed;
  const { local } = phone;
  return `${local.slice(0, 4)} ${local.slice(4, 7)} ${local.slice(7)}`;
}

/** The registration with a blur that first writes the value back in `format` (and tells the form). */
function reformatOnBlur(registration: UseFormRegisterReturn, format: (typed: string) => string) {
  return {
    ...registration,
    onBlur: async (event) => {
      const input = event.target as HTMLInputElement;
      const formatted = format(input.value);
      if (formatted !== input.value) {
        input.value = formatted;
        await registration.onChange({ target: input, type: 'change' });
      }
      return registration.onBlur(event);
    },
  } satisfies UseFormRegisterReturn & { onBlur: ChangeHandler };
}

export type NumberInputProps = Omit<TextFieldProps, 'type' | 'inputMode'>;

/** An amount of shillings: a number keypad, any usual form accepted, shown back as 5,000,000. */
export function AmountInput({ registration, ...props }: NumberInputProps) {
  return (
    <TextField
      inputMode="numeric"
      autoComplete="off"
      {...props}
      registration={reformatOnBlur(registration, formatAmountText)}
    />
  );
}

/** A whole count (flying hours, seats, cc): a number keypad, "1,500" accepted, shown back grouped. */
export function CountInput({ registration, ...props }: NumberInputProps) {
  return (
    <TextField
      inputMode="numeric"
      autoComplete="off"
      {...props}
      registration={reformatOnBlur(registration, formatCountText)}
    />
  );
}

/**
 * A phone number: the phone keypad; 0712 345 678, +254 712 345 678, 712345678, 254712345678 (and
 * 01xx) accepted and shown back as 0712 345 678. `isKenyan: false` (a profile in another country)
 * leaves the number as typed.
 */
export function PhoneInput({
  registration,
  isKenyan = true,
  ...props
}: NumberInputProps & { isKenyan?: boolean }) {
  return (
    <TextField
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      {...props}
      registration={isKenyan ? reformatOnBlur(registration, formatPhoneText) : registration}
    />
  );
}

/**
 * A registration for a field kept in React state rather than a react-hook-form form: pass `value`
 * beside it. The inputs then work the same way in both kinds of form.
 */
export function stateRegistration(name: string, setValue: (value: string) => void): UseFormRegisterReturn {
  return {
    name,
    onChange: async (event) => {
      setValue((event.target as HTMLInputElement).value);
    },
    onBlur: async () => {},
    ref: () => {},
  };
}
