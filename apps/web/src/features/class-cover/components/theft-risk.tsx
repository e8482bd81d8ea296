import {
  PREMISES_LABELS,
  SECURITY_LABELS,
  SECURITY_MEASURES,
  theftRiskSchema,
} from '@bima/domain/classes/risks';
import { useFieldArray } from 'react-hook-form';
import { Button } from '../../../components/button';
import { AmountInput } from '../../../components/number-inputs';
import { SelectField } from '../../../components/select-field';
import { TextField } from '../../../components/text-field';
import { domainText } from '../../../lib/domain-text';
import { t } from '../i18n';
import { optionsOf, RiskFormFrame, type RiskStepProps, useRiskForm } from './risk-form';

interface TheftInput {
  premisesType: string;
  contentsValue: string;
  highValueItems: Array<{ description: string; value: string }>;
  security: Record<(typeof SECURITY_MEASURES)[number], boolean>;
}

const MAX_ITEMS = 10;
const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));

/** Theft (burglary): the premises, the contents, up to ten high-value items, and the security in place. */
export default function TheftRisk({ initial, onSubmit }: RiskStepProps) {
  const items = (initial?.highValueItems ?? []) as Array<{ description: string; value: number }>;
  const security = (initial?.security ?? {}) as Partial<TheftInput['security']>;
  const { form, field, errorOf, isSubmitDisabled } = useRiskForm<TheftInput>(theftRiskSchema, {
    premisesType: text(initial?.premisesType),
    contentsValue: text(initial?.contentsValue),
    highValueItems: items.map((item) => ({ description: item.description, value: String(item.value) })),
    security: Object.fromEntries(
      SECURITY_MEASURES.map((measure) => [measure, security[measure] === true]),
    ) as TheftInput['security'],
  });
  const rows = useFieldArray({ control: form.control, name: 'highValueItems' });
  const itemErrors = rows.fields.flatMap((_row, index) => [
    errorOf(`highValueItems.${index}.description`),
    errorOf(`highValueItems.${index}.value`),
  ]);
  return (
    <RiskFormFrame
      onSubmit={form.handleSubmit(onSubmit)}
      errors={[errorOf('premisesType'), errorOf('contentsValue'), ...itemErrors, errorOf('highValueItems')]}
      isSubmitDisabled={isSubmitDisabled}
    >
      <SelectField
        label={t('classCover.theft.premisesType')}
        placeholder={t('classCover.select')}
        options={optionsOf(PREMISES_LABELS)}
        registration={field('premisesType')}
        error={errorOf('premisesType')}
      />
      <AmountInput
        label={t('classCover.theft.contentsValue')}
        hint={t('classCover.theft.contentsHint')}
        registration={field('contentsValue')}
        error={errorOf('contentsValue')}
      />
      <fieldset className="space-y-3 md:col-span-2">
        <legend className="font-semibold text-slate-900">{t('classCover.theft.items')}</legend>
        <p className="text-sm text-slate-700">{t('classCover.theft.itemsHint')}</p>
        {rows.fields.map((row, index) => (
          <div
            key={row.id}
            className="grid items-end gap-3 rounded-lg border border-slate-200 p-3 sm:grid-cols-[1fr_12rem_auto]"
          >
            <TextField
              label={t('classCover.theft.itemDescription', { number: index + 1 })}
              registration={field(`highValueItems.${index}.description`)}
              error={errorOf(`highValueItems.${index}.description`)}
            />
            <AmountInput
              label={t('classCover.theft.itemValue', { number: index + 1 })}
              registration={field(`highValueItems.${index}.value`)}
              error={errorOf(`highValueItems.${index}.value`)}
            />
            <Button variant="secondary" onClick={() => rows.remove(index)}>
              {t('classCover.theft.removeItem', { number: index + 1 })}
            </Button>
          </div>
        ))}
        <Button
          variant="secondary"
          disabled={rows.fields.length >= MAX_ITEMS}
          onClick={() => rows.append({ description: '', value: '' })}
        >
          {t('classCover.theft.addItem')}
        </Button>
      </fieldset>
      <fieldset className="space-y-2 md:col-span-2">
        <legend className="font-semibold text-slate-900">{t('classCover.theft.security')}</legend>
        <p className="text-sm text-slate-700">{t('classCover.theft.securityHint')}</p>
        {SECURITY_MEASURES.map((measure) => (
          <label key={measure} className="flex items-center gap-2 text-slate-900">
            <input
              type="checkbox"
              className="size-5 accent-emerald-800"
              {...form.register(`security.${measure}`)}
            />
            {domainText(SECURITY_LABELS[measure])}
          </label>
        ))}
      </fieldset>
    </RiskFormFrame>
  );
}
