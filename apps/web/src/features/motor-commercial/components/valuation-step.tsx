import {
  COMMERCIAL_USE_LABELS,
  COMMERCIAL_USES,
  COMMERCIAL_VEHICLE_TYPE_LABELS,
  COMMERCIAL_VEHICLE_TYPES,
  type CommercialRisk,
} from '@bima/domain/classes/risks';
import { useId } from 'react';
import { useWatch } from 'react-hook-form';
import { Button } from '../../../components/button';
import { ErrorSummary } from '../../../components/error-summary';
import { AmountInput } from '../../../components/number-inputs';
import { ScreenHeading } from '../../../components/screen-heading';
import { SelectField } from '../../../components/select-field';
import { TextField } from '../../../components/text-field';
import { domainText } from '../../../lib/domain-text';
import { useSpecForm } from '../../../lib/use-spec-form';
import { foundVehicleStore } from '../../../stores/found-vehicle';
import { t } from '../i18n';
import {
  hasPositiveValue,
  type ValuationFormInput,
  valuationChoicesFrom,
  valuationFormSchema,
} from '../schemas';
import { advance, updateFlow, useCommercialFlow } from '../stores/commercial-flow';
import { StepActions } from './step-actions';

const vehicleTypeOptions = () =>
  COMMERCIAL_VEHICLE_TYPES.map((value) => ({
    value,
    label: domainText(COMMERCIAL_VEHICLE_TYPE_LABELS[value]),
  }));
const useOptions = () =>
  COMMERCIAL_USES.map((value) => ({ value, label: domainText(COMMERCIAL_USE_LABELS[value]) }));

/**
 * Step 2: the estimated market value (not asked for third-party cover), the vehicle type, its
 * tonnage and how it is used. Get Quotation is enabled once the value is above 0.
 */
export function ValuationStep() {
  const flow = useCommercialFlow();
  const coverType = flow.coverType || 'comprehensive-commercial';
  const isThirdParty = coverType === 'third-party-commercial';
  const usageId = useId();
  const saved = flow.valuation;
  // The plate search's vehicle answers the vehicle type (and a PSV's use) until the buyer chooses.
  const fromPlate = valuationChoicesFrom(foundVehicleStore.getState().vehicle);
  const { form, field, errorOf, isSubmitDisabled } = useSpecForm<ValuationFormInput, CommercialRisk>(
    valuationFormSchema,
    {
      coverType,
      vehicleValue: saved && saved.vehicleValue > 0 ? String(saved.vehicleValue) : '',
      vehicleType: saved?.vehicleType ?? fromPlate.vehicleType,
      tonnageCapacity: saved ? String(saved.tonnageCapacity) : '',
      usageDetails: {
        primaryUse: saved?.usageDetails.primaryUse ?? fromPlate.primaryUse,
        goodsCarried: saved?.usageDetails.goodsCarried ?? '',
        routes: saved?.usageDetails.routes ?? '',
      },
    },
  );
  const valueText = useWatch({ control: form.control, name: 'vehicleValue' });
  const isValueReady = isThirdParty || hasPositiveValue(valueText ?? '');

  const onSubmit = ({ coverType: _coverType, vehicleValue, ...rest }: CommercialRisk) => {
    const valuation = { ...rest, vehicleValue: isThirdParty ? 0 : vehicleValue };
    updateFlow((state) => advance(state, { type: 'valuation', valuation }));
  };

  const errors = [
    errorOf('vehicleValue'),
    errorOf('vehicleType'),
    errorOf('tonnageCapacity'),
    errorOf('usageDetails.primaryUse'),
    errorOf('usageDetails.goodsCarried'),
    errorOf('usageDetails.routes'),
  ].filter((message): message is string => Boolean(message));

  return (
    <section className="space-y-6">
      <div>
        <ScreenHeading>{t('motorCommercial.valuation.heading')}</ScreenHeading>
        <p className="mt-1 text-slate-700">{t('motorCommercial.valuation.intro')}</p>
      </div>
      <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="space-y-6">
        <ErrorSummary errors={[...new Set(errors)].map((message) => ({ message }))} />
        <div className="grid gap-5 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm md:grid-cols-2">
          {isThirdParty ? (
            <p className="text-slate-800 md:col-span-2">{t('motorCommercial.valuation.thirdPartyNote')}</p>
          ) : (
            <AmountInput
              label={t('motorCommercial.valuation.vehicleValue')}
              hint={t('motorCommercial.valuation.vehicleValueHint')}
              registration={field('vehicleValue')}
              error={errorOf('vehicleValue')}
              className="md:col-span-2"
            />
          )}
          <SelectField
            label={t('motorCommercial.valuation.vehicleType')}
            placeholder={t('motorCommercial.valuation.vehicleTypePlaceholder')}
            options={vehicleTypeOptions()}
            registration={field('vehicleType')}
            error={errorOf('vehicleType')}
          />
          <TextField
            label={t('motorCommercial.valuation.tonnageCapacity')}
            hint={t('motorCommercial.valuation.tonnageHint')}
            type="number"
            inputMode="decimal"
            min={0.5}
            max={60}
            step={0.5}
            registration={field('tonnageCapacity')}
            error={errorOf('tonnageCapacity')}
          />
          <fieldset aria-labelledby={usageId} className="grid gap-5 md:col-span-2 md:grid-cols-3">
            <legend id={usageId} className="mb-1 text-lg font-bold text-slate-900 md:col-span-3">
              {t('motorCommercial.valuation.usageLegend')}
            </legend>
            <SelectField
              label={t('motorCommercial.valuation.primaryUse')}
              placeholder={t('motorCommercial.valuation.primaryUsePlaceholder')}
              options={useOptions()}
              registration={field('usageDetails.primaryUse')}
              error={errorOf('usageDetails.primaryUse')}
            />
            <TextField
              label={t('motorCommercial.valuation.goodsCarried')}
              hint={t('motorCommercial.valuation.goodsCarriedHint')}
              registration={field('usageDetails.goodsCarried')}
              error={errorOf('usageDetails.goodsCarried')}
              maxLength={200}
            />
            <TextField
              label={t('motorCommercial.valuation.routes')}
              hint={t('motorCommercial.valuation.routesHint')}
              registration={field('usageDetails.routes')}
              error={errorOf('usageDetails.routes')}
              maxLength={200}
            />
          </fieldset>
        </div>
        <StepActions>
          <Button type="submit" disabled={!isValueReady || isSubmitDisabled} className="w-full sm:w-auto">
            {t('motorCommercial.valuation.getQuotation')}
          </Button>
        </StepActions>
      </form>
    </section>
  );
}
