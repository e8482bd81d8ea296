import { COMMERCIAL_COVER_LABELS } from '@bima/domain/classes/risks';
import { formatKes } from '@bima/domain/money';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { MpesaCheckout } from '../../../components/mpesa-checkout';
import { PolicyConfirmation } from '../../../components/policy-confirmation';
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
import { StepActions } from './step-actions';

/**
 * Step 7: the order summary and the M-Pesa checkout (the real Daraja flow through the shared
 * checkout). Once paid (here or before a reload) the wizard ends on the portal's one confirmation:
 * the policy number, its documents (schedule, receipt, motor certificate) and Go to Dashboard; no
 * checkout is offered again.
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

  const rows = [
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
    { label: t('motorCommercial.payment.amount'), value: formatKes(invoice.amount) },
  ];

  if (paymentStatus === 'success') {
    const goToDashboard = () => {
      commercialFlowStore.reset();
      navigate(paths.portal.getHref());
    };
    return (
      <PolicyConfirmation
        policyNumber={flow.policyNumber}
        rows={rows}
        actions={
          <Button onClick={goToDashboard} className="w-full sm:ml-auto sm:w-auto">
            {t('motorCommercial.payment.goToDashboard')}
          </Button>
        }
      />
    );
  }

  return (
    <section className="space-y-6">
      <ScreenHeading>{t('motorCommercial.payment.heading')}</ScreenHeading>
      <div className="grid gap-6 lg:grid-cols-2">
        <Card title={t('motorCommercial.payment.orderSummary')} headingLevel={3}>
          <SummaryList rows={rows} />
        </Card>
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
          onSuccess={(reply) => updateFlow(() => setPaymentStatus('success', reply.policyNumber ?? null))}
          onFailed={() => updateFlow(() => setPaymentStatus('failed'))}
          // A part paid: the wizard is ready for the next prompt, as after a failure.
          onPartPaid={() => updateFlow(() => setPaymentStatus('pending'))}
        />
      </div>
      <StepActions isBusy={paymentStatus === 'processing'} />
    </section>
  );
}
