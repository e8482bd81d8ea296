import { COMMERCIAL_COVER_LABELS } from '@bima/domain/classes/risks';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { MpesaCheckout } from '../../../components/mpesa-checkout';
import { ScreenHeading } from '../../../components/screen-heading';
import { SummaryList } from '../../../components/summary-list';
import { paths } from '../../../config/paths';
import { requestInvoicePayment } from '../../../lib/payments';
import { t } from '../i18n';
import {
  commercialFlowStore,
  setPaymentStatus,
  updateFlow,
  useCommercialFlow,
} from '../stores/commercial-flow';
import { formatShillings } from '../utils/format';
import { StepActions } from './step-actions';

const STATUS_TEXT = {
  pending: 'motorCommercial.payment.pending',
  processing: 'motorCommercial.payment.pending',
  success: 'motorCommercial.payment.success',
  failed: 'motorCommercial.payment.failed',
} as const;

/**
 * Step 7: the order summary and the M-Pesa checkout (the real Daraja flow through the shared
 * checkout). After success Back is disabled and Go to Dashboard ends the flow.
 */
export function PaymentStep() {
  const navigate = useNavigate();
  const flow = useCommercialFlow();
  const { invoice, selectedProduct: product, paymentStatus } = flow;
  // Entering the page (a reload mid-payment) starts from pending: the checkout starts afresh too.
  useEffect(() => {
    if (commercialFlowStore.getState().paymentStatus === 'processing')
      updateFlow(() => setPaymentStatus('pending'));
  }, []);
  if (!invoice) return null;
  const isPaid = paymentStatus === 'success';

  const goToDashboard = () => {
    commercialFlowStore.reset();
    navigate(paths.portal.getHref());
  };

  return (
    <section className="space-y-6">
      <ScreenHeading>{t('motorCommercial.payment.heading')}</ScreenHeading>
      <div className="grid gap-6 lg:grid-cols-2">
        <Card title={t('motorCommercial.payment.orderSummary')} headingLevel={3}>
          <SummaryList
            rows={[
              { label: t('motorCommercial.summary.product'), value: product?.productName ?? '—' },
              {
                label: t('motorCommercial.summary.coverType'),
                value: flow.coverType ? COMMERCIAL_COVER_LABELS[flow.coverType] : '—',
              },
              {
                label: t('motorCommercial.vehicle.registrationNumber'),
                value: flow.vehicleDetails?.registrationNumber ?? '—',
              },
              { label: t('motorCommercial.payment.invoice'), value: invoice.invoiceSystemRef },
              { label: t('motorCommercial.payment.amount'), value: formatShillings(invoice.amount) },
            ]}
          />
        </Card>
        <div className="space-y-4">
          <p
            role={paymentStatus === 'failed' ? 'alert' : 'status'}
            className={`rounded-xl p-4 font-semibold ${
              isPaid
                ? 'bg-emerald-50 text-emerald-950'
                : paymentStatus === 'failed'
                  ? 'bg-red-50 text-red-950'
                  : 'bg-slate-50 text-slate-900'
            }`}
          >
            {t(STATUS_TEXT[paymentStatus])}
            {isPaid && flow.policyNumber ? (
              <span className="mt-1 block font-normal">
                {t('motorCommercial.payment.policyNumber', { policyNumber: flow.policyNumber })}
              </span>
            ) : null}
          </p>
          {isPaid ? (
            <Button onClick={goToDashboard} className="w-full sm:w-auto">
              {t('motorCommercial.payment.goToDashboard')}
            </Button>
          ) : (
            <MpesaCheckout
              amount={invoice.amount}
              defaultPhone={flow.kycDetails?.phoneNumber}
              labels={{
                pay: t('motorCommercial.payment.pay'),
                processing: t('motorCommercial.payment.processing'),
                done: t('motorCommercial.payment.done'),
              }}
              start={async (phoneNumber) => {
                updateFlow(() => setPaymentStatus('processing'));
                try {
                  return await requestInvoicePayment(invoice.invoiceSystemRef, phoneNumber);
                } catch (error) {
                  updateFlow(() => setPaymentStatus('failed'));
                  throw error;
                }
              }}
              onSuccess={(reply) => updateFlow(() => setPaymentStatus('success', reply.policyNumber ?? null))}
              onFailed={() => updateFlow(() => setPaymentStatus('failed'))}
            />
          )}
        </div>
      </div>
      <StepActions isBusy={paymentStatus === 'processing'} />
    </section>
  );
}
