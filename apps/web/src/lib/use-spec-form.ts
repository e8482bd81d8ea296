import {
  type DefaultValues,
  type FieldPath,
  type FieldValues,
  get,
  type UseFormRegisterReturn,
  useForm,
} from 'react-hook-form';
import type { ZodType } from 'zod';
import { zodResolver } from './zod-resolver';

/**
 * A react-hook-form form checked by a domain schema, with the timing of spec-2 §4: nothing is
 * checked before the first submit attempt; afterwards a field is checked when it loses focus.
 * A field that already shows an error is re-checked as it changes, so the error (and the disabled
 * submit button) clears as soon as it is fixed. The submit button is disabled only after a failed
 * attempt while errors remain.
 */
export function useSpecForm<TInput extends FieldValues, TOutput>(
  schema: ZodType<TOutput, TInput>,
  defaultValues: DefaultValues<TInput>,
) {
  const form = useForm<TInput, unknown, TOutput>({
    resolver: zodResolver(schema),
    mode: 'onSubmit',
    reValidateMode: 'onBlur',
    defaultValues,
  });
  const { errors, isSubmitted, isSubmitting } = form.formState;
  const hasErrors = Object.keys(errors).length > 0;

  const field = <TName extends FieldPath<TInput>>(name: TName): UseFormRegisterReturn<TName> => {
    const registration = form.register(name);
    return {
      ...registration,
      onChange: async (event) => {
        const result = await registration.onChange(event);
        if (get(form.formState.errors, name)) await form.trigger(name);
        return result;
      },
    };
  };

  /** The message of a field's error, if it shows one. */
  const errorOf = (name: FieldPath<TInput>): string | undefined => {
    const error = get(errors, name) as { message?: unknown } | undefined;
    return typeof error?.message === 'string' ? error.message : undefined;
  };

  return { form, field, errorOf, isSubmitDisabled: isSubmitting || (isSubmitted && hasErrors) };
}
