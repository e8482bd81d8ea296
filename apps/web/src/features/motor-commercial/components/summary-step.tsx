import {
  COMMERCIAL_COVER_LABELS,
  COMMERCIAL_USE_LABELS,
  COMMERCIAL_VEHICLE_TYPE_LABELS,
} from '@bima/domain/classes/risks';
import { formatKes, shillingsToCents } from '@bima/domain/money';
import { useState } from 'react';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { ErrorSummary } from '../../../components/error-summary';
import { ScreenHeading } from '../../../components/screen-heading';
import { SummaryList } from '../../../components/summary-list';
import { ApiError } from '../../../lib/api-client';
import { kenyaTodayIsoDate } from '../../../lib/dates';
import { domainText } from '../../../lib/domain-text';
import { notify } from '../../../lib/notifications';
import { completeQuotation } from '../../../lib/quotations';
import { createCommercialQuotation } from '../api/commercial';
import { t } from '../i18n';
import {
  advance,
  commercialFlowStore,
  quoteRiskOf,
  updateFlow,
  useCommercialFlow,
} from '../stores/commercial-flow';
import { buildCommercialQuotation } from '../utils/quotation-payload';
import { StepActions } from './step-actions';

const TOAST_MS = 4_000;

/** The server's field messages of a refused quotation, to list above the summary. */
function fieldMessages(error: unknown): string[] {
  if (!(error instanceof ApiError)) return [];
  return [...new Set(error.errors.map((entry) => entry.message).filter(Boolean))];
}

/**
 * Step 6: cover type, vehicle value, product, premium, the vehicle and the customer. Proceed to
 * Payment creates the quotation (priced again by the server) and its invoice, once per application.
 */
export function SummaryStep() {
  const flow = useCommercialFlow();
  const [isLoading, setIsLoading] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const risk = quoteRiskOf(flow);
  const { selectedProduct: product, vehicleDetails: vehicle, kycDetails: kyc } = flow;
  if (!risk || !vehicle || !kyc) return null;
  const isThirdParty = risk.coverType === 'third-party-commercial';
  const yesNo = (answer: 'yes' | 'no') => t(`motorCommercial.summary.${answer}`);

  const proceed = async () => {
    if (!product) {
      setErrors([t('motorCommercial.summary.noProduct')]);
      return;
    }
    setIsLoading(true);
    setErrors([]);
    try {
      const payload = buildCommercialQuotation({
        risk,
        productSystemRef: product.productSystemRef,
        vehicle,
        kyc,
        startDate: kenyaTodayIsoDate(),
      });
      const requestKey = JSON.stringify(payload);
      const existing = commercialFlowStore.getState().invoice;
      // The same application confirmed again (after Back, say) keeps its quotation and invoice.
      if (existing && existing.requestKey === requestKey) {
        updateFlow((state) => advance(state, { type: 'invoice', invoice: existing }));
        return;
      }
      const created = await createCommercialQuotation(payload);
      const completed = await completeQuotation(created.systemQuotationRef);
      updateFlow((state) =>
        advance(state, {
          type: 'invoice',
          invoice: {
            systemQuotationRef: created.systemQuotationRef,
            invoiceSystemRef: completed.invoiceSystemRef,
            amount: completed.amount,
            requestKey,
          },
        }),
      );
      notify({
        type: 'success',
        title: t('motorCommercial.summary.completedTitle'),
        message: t('motorCommercial.summary.completedText'),
        duration: TOAST_MS,
      });
    } catch (error) {
      if (error instanceof ApiError && error.httpStatus === 403) return;
      setErrors(fieldMessages(error));
      const message = error instanceof ApiError ? error.err_msg?.trim() : '';
      notify({
        type: 'error',
        title: t('motorCommercial.summary.failedTitle'),
        message: message || t('motorCommercial.summary.failedText'),
        duration: TOAST_MS,
      });
    } finally {
      setIsLoading(false);
    }
  };

  return (
    <section className="space-y-6">
      <div>
        <ScreenHeading>{t('motorCommercial.summary.heading')}</ScreenHeading>
        <p className="mt-1 text-slate-700">{t('motorCommercial.summary.intro')}</p>
      </div>
      <ErrorSummary errors={errors.map((message) => ({ message }))} />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card title={t('motorCommercial.summary.cover')} headingLevel={3}>
          <SummaryList
            rows={[
              {
                label: t('motorCommercial.summary.coverType'),
                value: domainText(COMMERCIAL_COVER_LABELS[risk.coverType]),
              },
              {
                label: t('motorCommercial.summary.vehicleValue'),
                value: isThirdParty
                  ? t('motorCommercial.summary.notInsured')
                  : formatKes(shillingsToCents(risk.vehicleValue)),
              },
              { label: t('motorCommercial.summary.product'), value: product?.productName ?? '—' },
              {
                label: t('motorCommercial.summary.underwriter'),
                value: product?.underwriter[0]?.name ?? '—',
              },
              {
                label: t('motorCommercial.summary.premium'),
                value:
                  product?.premium === null || product?.premium === undefined
                    ? '—'
                    : formatKes(product.premium),
              },
            ]}
          />
        </Card>
        <Card title={t('motorCommercial.summary.risk')} headingLevel={3}>
          <SummaryList
            rows={[
              {
                label: t('motorCommercial.summary.vehicleType'),
                value: domainText(COMMERCIAL_VEHICLE_TYPE_LABELS[risk.vehicleType]),
              },
              {
                label: t('motorCommercial.summary.tonnage'),
                value: t('motorCommercial.summary.tonnes', { tonnes: risk.tonnageCapacity }),
              },
              {
                label: t('motorCommercial.summary.primaryUse'),
                value: domainText(COMMERCIAL_USE_LABELS[risk.usageDetails.primaryUse]),
              },
              { label: t('motorCommercial.summary.goodsCarried'), value: risk.usageDetails.goodsCarried },
              { label: t('motorCommercial.summary.routes'), value: risk.usageDetails.routes },
            ]}
          />
        </Card>
        <Card title={t('motorCommercial.summary.vehicle')} headingLevel={3}>
          <SummaryList
            rows={[
              { label: t('motorCommercial.vehicle.make'), value: vehicle.make },
              { label: t('motorCommercial.vehicle.model'), value: vehicle.model },
              { label: t('motorCommercial.vehicle.registrationNumber'), value: vehicle.registrationNumber },
              { label: t('motorCommercial.vehicle.chassisNumber'), value: vehicle.chassisNumber },
              { label: t('motorCommercial.vehicle.engineNumber'), value: vehicle.engineNumber },
              { label: t('motorCommercial.vehicle.engineCapacity'), value: String(vehicle.engineCapacity) },
              {
                label: t('motorCommercial.vehicle.yearOfManufacture'),
                value: String(vehicle.yearOfManufacture ?? ''),
              },
              { label: t('motorCommercial.vehicle.bodyType'), value: vehicle.bodyType },
              { label: t('motorCommercial.vehicle.fuelType'), value: vehicle.fuelType },
              { label: t('motorCommercial.vehicle.purpose'), value: vehicle.purpose },
              { label: t('motorCommercial.vehicle.modifications'), value: yesNo(vehicle.modifications) },
            ]}
          />
        </Card>
        <Card title={t('motorCommercial.summary.customer')} headingLevel={3}>
          <SummaryList
            rows={[
              { label: t('motorCommercial.kyc.fullName'), value: kyc.fullName },
              { label: t('motorCommercial.kyc.idNumber'), value: kyc.idNumber },
              { label: t('motorCommercial.kyc.kraPin'), value: kyc.kraPin },
              { label: t('motorCommercial.kyc.phoneNumber'), value: kyc.phoneNumber },
              { label: t('motorCommercial.kyc.email'), value: kyc.email },
              { label: t('motorCommercial.kyc.address'), value: kyc.address },
            ]}
          />
        </Card>
      </div>
      <StepActions isBusy={isLoading}>
        <Button onClick={() => void proceed()} disabled={isLoading} className="w-full sm:w-auto">
          {isLoading ? t('motorCommercial.summary.processing') : t('motorCommercial.summary.proceed')}
        </Button>
      </StepActions>
    </section>
  );
}
