import { formatKes, shillingsToCents } from '@bima/domain/money';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Card } from '../../../components/card';
import { coverTypeText } from '../../../components/code-labels';
import {
  type DoubleInsurance,
  DoubleInsuranceNotice,
  doubleInsuranceOf,
} from '../../../components/double-insurance-notice';
import { MonthlyOfferDetails } from '../../../components/monthly-offer';
import { ScreenHeading } from '../../../components/screen-heading';
import { SummaryList } from '../../../components/summary-list';
import { buttonPrimary, buttonSecondary } from '../../../components/ui';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { todayIsoDate } from '../../../lib/dates';
import { gridMonthlyOffer, monthlyOfferForQuote } from '../../../lib/monthly';
import { notify } from '../../../lib/notifications';
import { completeQuotation } from '../../../lib/quotations';
import { motorFlowStore } from '../../../stores/motor-flow';
import { clientDetailsQueryOptions, needsKyc } from '../api/client';
import { createQuotation } from '../api/quotation';
import { usePurchaseContext } from '../hooks';
import { t } from '../i18n';
import { purchaseStore, setPurchaseErrors, usePurchase } from '../stores/purchase';
import { buildCreateQuotationPayload } from '../utils/quotation-payload';
import { buildClientRows, buildInsuranceRows, buildVehicleRows } from '../utils/summary';
import { isVehicleComplete } from '../utils/vehicle-form';

const TOAST_MS = 3_000;

/** The server's field messages of a refused quotation, to list above the summary. */
function fieldMessages(error: unknown): string[] {
  if (!(error instanceof ApiError)) return [];
  return [...new Set(error.errors.map((entry) => entry.message).filter(Boolean))];
}

/** Application Summary (spec-2): insurance and vehicle details, then Confirm & Pay. */
export default function SummaryRoute() {
  const { flow, product, quote } = usePurchaseContext();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const vehicle = usePurchase((state) => state.vehicleDetails);
  const client = useQuery(clientDetailsQueryOptions());
  const [isLoading, setIsLoading] = useState(false);
  // DMVIC: the vehicle is already insured for these dates (refused before any invoice or prompt).
  const [doubleInsurance, setDoubleInsurance] = useState<DoubleInsurance | null>(null);
  const isThirdParty = product.coverType === 'third-party';
  // "Pay monthly" (issue 31) where the underwriter offers it for a year's cover; chosen here, before the quotation.
  const monthlyOffer = monthlyOfferForQuote(gridMonthlyOffer(flow, product), quote.total, quote.period);
  const chosenPlan = usePurchase((state) => state.paymentPlan ?? 'annual');
  const paymentPlan = monthlyOffer ? chosenPlan : 'annual';

  const insuranceRows = buildInsuranceRows({
    coverTypeLabel: coverTypeText(product.coverType),
    isThirdParty,
    vehicleValue: shillingsToCents(flow.vehicleValue),
    productName: product.productName,
    premium: quote.total,
    periodDays: quote.period,
    startDate: flow.coverDetails.startDate,
  });
  const vehicleRows = buildVehicleRows(vehicle as Record<string, unknown> | null);

  const previous = () =>
    navigate(needsKyc(client.data) ? paths.motorKycDetails.getHref() : paths.motorVehicleDetails.getHref());

  const confirm = async () => {
    setIsLoading(true);
    setDoubleInsurance(null);
    try {
      const details = client.data ?? (await queryClient.fetchQuery(clientDetailsQueryOptions()));
      const missing = [
        ...(product.productSystemRef ? [] : [t('purchase.summary.incompleteProduct')]),
        ...(isVehicleComplete(vehicle, isThirdParty, todayIsoDate())
          ? []
          : [t('purchase.summary.incompleteVehicle')]),
        ...(needsKyc(details) ? [t('purchase.summary.incompleteKyc')] : []),
      ];
      if (missing.length > 0 || !vehicle) {
        setPurchaseErrors(missing);
        notify({
          type: 'error',
          title: t('purchase.summary.incompleteTitle'),
          message: t('purchase.summary.incompleteText'),
          duration: TOAST_MS,
        });
        return;
      }
      const payload = buildCreateQuotationPayload({
        flow,
        product,
        vehicle,
        client: details,
        paymentPlan,
      });
      const requestKey = JSON.stringify(payload);
      const existing = purchaseStore.getState().invoice;
      // The same application confirmed again (after Previous, say) keeps its invoice.
      if (!existing || existing.requestKey !== requestKey) {
        const created = await createQuotation(payload);
        if (!created?.systemQuotationRef) throw new Error('Failed to create quotation.');
        const completed = await completeQuotation(created.systemQuotationRef);
        if (!completed?.invoiceSystemRef) throw new Error('Failed to complete quotation.');
        purchaseStore.setState({
          invoice: {
            systemQuotationRef: created.systemQuotationRef,
            invoiceSystemRef: completed.invoiceSystemRef,
            amount: completed.amount,
            requestKey,
          },
          pendingPaymentRef: null,
          paid: null,
        });
      }
      purchaseStore.setState({ errors: [] });
      notify({
        type: 'success',
        title: t('purchase.summary.completedTitle'),
        message: t('purchase.summary.completedText'),
        duration: TOAST_MS,
      });
      navigate(paths.motorPayment.getHref());
    } catch (error) {
      if (error instanceof ApiError && error.httpStatus === 403) return;
      const refusal = doubleInsuranceOf(error);
      if (refusal) {
        setDoubleInsurance(refusal);
        return;
      }
      setPurchaseErrors(fieldMessages(error));
      const message =
        error instanceof ApiError ? error.err_msg?.trim() : error instanceof Error ? error.message : '';
      notify({
        type: 'error',
        title: t('purchase.summary.failedTitle'),
        message: message || t('purchase.summary.failedText'),
        duration: TOAST_MS,
      });
    } finally {
      setIsLoading(false);
    }
  };

  return (
    <section className="space-y-6">
      <div>
        <ScreenHeading>{t('purchase.summary.heading')}</ScreenHeading>
        <p className="mt-1 text-slate-700">{t('purchase.summary.intro')}</p>
      </div>
      {doubleInsurance ? (
        <DoubleInsuranceNotice
          refusal={doubleInsurance}
          onUseStartDate={(startDate) => {
            // The cover starts the day after the vehicle's current cover ends; confirmed again with it.
            motorFlowStore.setState((state) => ({ coverDetails: { ...state.coverDetails, startDate } }));
            setDoubleInsurance(null);
          }}
        />
      ) : null}
      <div className="grid gap-6 lg:grid-cols-2">
        <Card id="summary-insurance" title={t('purchase.summary.insurance')} headingLevel={3}>
          <SummaryList rows={insuranceRows} />
        </Card>
        <Card id="summary-vehicle" title={t('purchase.summary.vehicle')} headingLevel={3}>
          <SummaryList rows={vehicleRows} />
        </Card>
        <Card id="summary-client" title={t('purchase.summary.client')} headingLevel={3}>
          <SummaryList rows={buildClientRows(client.data)} />
        </Card>
      </div>
      {monthlyOffer ? (
        <Card id="summary-payment-plan" title={t('purchase.summary.planTitle')} headingLevel={3}>
          <fieldset>
            <legend className="font-semibold text-slate-900">{t('purchase.summary.planQuestion')}</legend>
            <div className="mt-2 space-y-2">
              {(
                [
                  ['annual', t('purchase.summary.planAtOnce', { amount: formatKes(quote.total) })],
                  [
                    'monthly',
                    t('purchase.summary.planMonthly', {
                      amount: formatKes(monthlyOffer.monthlyAmount),
                      count: monthlyOffer.instalments,
                    }),
                  ],
                ] as const
              ).map(([plan, label]) => (
                <label key={plan} className="flex items-start gap-2 text-slate-900">
                  <input
                    type="radio"
                    name="payment-plan"
                    value={plan}
                    checked={paymentPlan === plan}
                    disabled={isLoading}
                    onChange={() => purchaseStore.setState({ paymentPlan: plan })}
                    className="mt-1 size-5 accent-emerald-800"
                  />
                  <span>{label}</span>
                </label>
              ))}
            </div>
          </fieldset>
          <div className="mt-4">
            <MonthlyOfferDetails offer={monthlyOffer} />
          </div>
          {paymentPlan === 'monthly' ? (
            <p className="mt-3 font-semibold text-slate-900">
              {t('purchase.summary.planFirstPayment', { amount: formatKes(monthlyOffer.firstAmount) })}
            </p>
          ) : null}
        </Card>
      ) : null}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <button type="button" onClick={previous} className={buttonSecondary} disabled={isLoading}>
          {t('purchase.summary.previous')}
        </button>
        <button type="button" onClick={() => void confirm()} disabled={isLoading} className={buttonPrimary}>
          {isLoading ? t('purchase.summary.processing') : t('purchase.summary.confirm')}
        </button>
      </div>
    </section>
  );
}
