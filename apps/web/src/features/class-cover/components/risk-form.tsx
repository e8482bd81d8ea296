import type { ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import type { ZodType } from 'zod';
import { Button } from '../../../components/button';
import { ErrorSummary } from '../../../components/error-summary';
import { domainText } from '../../../lib/domain-text';
import { useSpecForm } from '../../../lib/use-spec-form';
import { t } from '../i18n';

export interface RiskStepProps {
  /** The risk entered before (going back to change it), or null. */
  initial: Record<string, unknown> | null;
  onSubmit: (risk: Record<string, unknown>) => void;
}

/**
 * A class's risk form: the domain schema checks it with the server's rules and messages, after the
 * first attempt and then as fields are left (spec-2 §4). `children` draws the fields.
 */
export function useRiskForm<TInput extends FieldValues>(schema: ZodType, defaults: TInput) {
  return useSpecForm<TInput, Record<string, unknown>>(
    schema as unknown as ZodType<Record<string, unknown>, TInput>,
    defaults as never,
  );
}

export function RiskFormFrame({
  onSubmit,
  errors,
  isSubmitDisabled,
  children,
}: {
  onSubmit: () => void;
  errors: Array<string | undefined>;
  isSubmitDisabled: boolean;
  children: ReactNode;
}) {
  const shown = errors.filter((message): message is string => Boolean(message));
  return (
    <form
      noValidate
      className="space-y-6"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <ErrorSummary errors={shown.map((message) => ({ message }))} />
      <div className="grid gap-5 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm md:grid-cols-2">
        {children}
      </div>
      <Button type="submit" disabled={isSubmitDisabled} className="w-full sm:w-auto">
        {t('classCover.risk.submit')}
      </Button>
    </form>
  );
}

/** Options of a select from a label table. */
export const optionsOf = (labels: Record<string, string>) =>
  Object.entries(labels).map(([value, label]) => ({ value, label: domainText(label) }));
