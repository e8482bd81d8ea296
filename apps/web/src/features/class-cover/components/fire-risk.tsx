import { CONSTRUCTION_LABELS, fireDomesticRiskSchema, OCCUPANCY_LABELS } from '@bima/domain/classes/risks';
import { AmountInput } from '../../../components/number-inputs';
import { SelectField } from '../../../components/select-field';
import { TextField } from '../../../components/text-field';
import { t } from '../i18n';
import { optionsOf, RiskFormFrame, type RiskStepProps, useRiskForm } from './risk-form';

interface FireInput {
  buildingValue: string;
  contentsValue: string;
  location: { county: string; town: string };
  construction: string;
  occupancy: string;
}

const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));

/** Fire domestic: the building's and the contents' sums insured, where, how it is built and who lives there. */
export default function FireRisk({ initial, onSubmit }: RiskStepProps) {
  const location = (initial?.location ?? {}) as { county?: string; town?: string };
  const { form, field, errorOf, isSubmitDisabled } = useRiskForm<FireInput>(fireDomesticRiskSchema, {
    buildingValue: text(initial?.buildingValue),
    contentsValue: text(initial?.contentsValue),
    location: { county: location.county ?? '', town: location.town ?? '' },
    construction: text(initial?.construction),
    occupancy: text(initial?.occupancy),
  });
  const names = [
    'buildingValue',
    'contentsValue',
    'location.county',
    'location.town',
    'construction',
    'occupancy',
  ] as const;
  return (
    <RiskFormFrame
      onSubmit={form.handleSubmit(onSubmit)}
      errors={names.map((name) => errorOf(name))}
      isSubmitDisabled={isSubmitDisabled}
    >
      <AmountInput
        label={t('classCover.fire.buildingValue')}
        hint={t('classCover.fire.buildingHint')}
        registration={field('buildingValue')}
        error={errorOf('buildingValue')}
      />
      <AmountInput
        label={t('classCover.fire.contentsValue')}
        hint={t('classCover.fire.contentsHint')}
        registration={field('contentsValue')}
        error={errorOf('contentsValue')}
      />
      <TextField
        label={t('classCover.fire.county')}
        autoComplete="address-level1"
        registration={field('location.county')}
        error={errorOf('location.county')}
      />
      <TextField
        label={t('classCover.fire.town')}
        autoComplete="address-level2"
        registration={field('location.town')}
        error={errorOf('location.town')}
      />
      <SelectField
        label={t('classCover.fire.construction')}
        placeholder={t('classCover.select')}
        options={optionsOf(CONSTRUCTION_LABELS)}
        registration={field('construction')}
        error={errorOf('construction')}
      />
      <SelectField
        label={t('classCover.fire.occupancy')}
        placeholder={t('classCover.select')}
        options={optionsOf(OCCUPANCY_LABELS)}
        registration={field('occupancy')}
        error={errorOf('occupancy')}
      />
    </RiskFormFrame>
  );
}
