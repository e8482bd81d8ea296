import { AIRCRAFT_TYPE_LABELS, AIRCRAFT_USE_LABELS, aviationRiskSchema } from '@bima/domain/classes/risks';
import { AmountInput, CountInput } from '../../../components/number-inputs';
import { SelectField } from '../../../components/select-field';
import { TextField } from '../../../components/text-field';
import { t } from '../i18n';
import { optionsOf, RiskFormFrame, type RiskStepProps, useRiskForm } from './risk-form';

interface AviationInput {
  aircraftType: string;
  registration: string;
  hullValue: string;
  seats: string;
  use: string;
  pilotHours: string;
}

const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));

/** Aviation: the aircraft, its registration, hull value and seats, its use and the pilot's experience. */
export default function AviationRisk({ initial, onSubmit }: RiskStepProps) {
  const { form, field, errorOf, isSubmitDisabled } = useRiskForm<AviationInput>(aviationRiskSchema, {
    aircraftType: text(initial?.aircraftType),
    registration: text(initial?.registration),
    hullValue: text(initial?.hullValue),
    seats: text(initial?.seats),
    use: text(initial?.use),
    pilotHours: text(initial?.pilotHours),
  });
  const names = ['aircraftType', 'registration', 'hullValue', 'seats', 'use', 'pilotHours'] as const;
  return (
    <RiskFormFrame
      onSubmit={form.handleSubmit(onSubmit)}
      errors={names.map((name) => errorOf(name))}
      isSubmitDisabled={isSubmitDisabled}
    >
      <SelectField
        label={t('classCover.aviation.aircraftType')}
        placeholder={t('classCover.select')}
        options={optionsOf(AIRCRAFT_TYPE_LABELS)}
        registration={field('aircraftType')}
        error={errorOf('aircraftType')}
      />
      <TextField
        label={t('classCover.aviation.registration')}
        hint={t('classCover.aviation.registrationHint')}
        autoCapitalize="characters"
        registration={field('registration')}
        error={errorOf('registration')}
      />
      <AmountInput
        label={t('classCover.aviation.hullValue')}
        registration={field('hullValue')}
        error={errorOf('hullValue')}
      />
      <CountInput
        label={t('classCover.aviation.seats')}
        registration={field('seats')}
        error={errorOf('seats')}
      />
      <SelectField
        label={t('classCover.aviation.use')}
        placeholder={t('classCover.select')}
        options={optionsOf(AIRCRAFT_USE_LABELS)}
        registration={field('use')}
        error={errorOf('use')}
      />
      <CountInput
        label={t('classCover.aviation.pilotHours')}
        registration={field('pilotHours')}
        error={errorOf('pilotHours')}
      />
    </RiskFormFrame>
  );
}
