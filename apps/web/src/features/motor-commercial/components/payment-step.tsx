import { COMMERCIAL_COVER_LABELS } from '@bima/domain/classes/risks';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { MpesaCheckout } from '../../../components/mpesa-checkout';
import { PolicyDocuments } from '../../../components/policy-documents';
import { ScreenHeading } from '../../../components/screen-heading';
import { SummaryList } from '../../../components/summary-list';
import { paths } from '../../../config/paths';
import { domainText } from '../../../lib/domain-text';
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

/**
 * Step 7: the order summary and the M-Pesa checkout (the real Daraja flow through the shared
 * checkout). After success the policy number and its documents (schedule, receipt, motor
 * certificate: the confirmation's shared panel) are shown, Back is disabled and Go to Dashboard
 * ends the flow.
 */
export function PaymentStep() {
  const navigate = useNavigate();
  const flow = useCommercialFlow();
  const { invoice, selectedProduct: product, paymentStatus } = flow;
  // Paid on this visit, the checkout stays to show its 'Payment Complete'; paid before (a reload),
  // the success is said here and no checkout is offered again.
  const [isPaidHere, setPaidHere] = useState(false);
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
                value: flow.coverType ? domainText(COMMERCIAL_COVER_LABELS[flow.coverType]) : '—',
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
          {isPaid && !isPaidHere ? (
            <p role="status" className="rounded-xl bg-emerald-50 p-4 font-semibold text-emerald-950">
              {t('motorCommercial.payment.success')}
            </p>
          ) : null}
          {isPaid && !isPaidHere ? null : (
            <MpesaCheckout
              amount={invoice.amount}
              defaultPhone={flow.kycDetails?.phoneNumber}
              labels={{
                pay: t('motorCommercial.payment.pay'),
                processing: t('motorCommercial.payment.processing'),
                done: t('motorCommercial.payment.done'),
              }}
              messages={{
                pending: t('motorCommercial.payment.pending'),
                success: t('motorCommercial.payment.success'),
              }}
              start={(phoneNumber) => {
                updateFlow(() => setPaymentStatus('processing'));
                return requestInvoicePayment(invoice.invoiceSystemRef, phoneNumber);
              }}
              onSuccess={(reply) => {
                setPaidHere(true);
                updateFlow(() => setPaymentStatus('success', reply.policyNumber ?? null));
              }}
              onFailed={() => updateFlow(() => setPaymentStatus('failed'))}
              // A part paid: the wizard is ready for the next prompt, as after a failure.
              onPartPaid={() => updateFlow(() => setPaymentStatus('pending'))}
            />
          )}
          {isPaid && flow.policyNumber ? (
            <>
              <p className="rounded-xl border border-emerald-200 bg-white p-4 text-slate-900">
                {t('motorCommercial.payment.policyNumber', { policyNumber: flow.policyNumber })}
              </p>
              <PolicyDocuments policyNumber={flow.policyNumber} />
            </>
          ) : null}
          {isPaid ? (
            <Button onClick={goToDashboard} className="w-full sm:w-auto">
              {t('motorCommercial.payment.goToDashboard')}
            </Button>
          ) : null}
        </div>
      </div>
      <StepActions isBusy={paymentStatus === 'processing'} />
    </section>
  );
}
