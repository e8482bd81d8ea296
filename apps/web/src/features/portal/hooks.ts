import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { ApiError } from '../../lib/api-client';
import { notify } from '../../lib/notifications';
import { completeQuotation, requoteQuotation } from '../../lib/quotations';
import { t } from './i18n';

/**
 * Pays a quotation on the purchase payment page: its invoice, made first (completeQuotation, which
 * is idempotent) when it has none yet. An expired quotation is priced again first (requoteQuotation)
 * and the new one is paid. Returns the pay and requote functions and the quotation being prepared.
 */
export function usePayQuotation() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [preparing, setPreparing] = useState<string | null>(null);

  const toPayment = async (systemQuotationRef: string) => {
    const completed = await completeQuotation(systemQuotationRef);
    navigate(paths.motorPayment.getHref(completed.invoiceSystemRef));
  };

  const pay = async (quotation: {
    systemQuotationRef: string;
    invoice: { invoiceSystemRef: string } | null;
  }) => {
    if (quotation.invoice) {
      navigate(paths.motorPayment.getHref(quotation.invoice.invoiceSystemRef));
      return;
    }
    setPreparing(quotation.systemQuotationRef);
    try {
      await toPayment(quotation.systemQuotationRef);
    } catch (error) {
      setPreparing(null);
      // Its vehicle or KYC is missing: step 2 asks for them, then goes on to payment.
      if (error instanceof ApiError && error.err_code === 'RISK_DETAILS_MISSING') {
        navigate(paths.motorCompleteDetails.getHref(quotation.systemQuotationRef));
        return;
      }
      // It expired since the list was loaded: the list is read again and offers a new price.
      const hasExpired = error instanceof ApiError && error.err_code === 'QUOTATION_EXPIRED';
      if (hasExpired) void queryClient.invalidateQueries({ queryKey: ['client', 'quotations'] });
      notify({
        type: 'error',
        title: t('portal.quotations.payFailed'),
        message: hasExpired && error.err_msg ? error.err_msg : t('portal.quotations.payFailedText'),
      });
    }
  };

  const requote = async (quotation: { systemQuotationRef: string }) => {
    setPreparing(quotation.systemQuotationRef);
    try {
      const renewed = await requoteQuotation(quotation.systemQuotationRef);
      await toPayment(renewed.systemQuotationRef);
    } catch {
      setPreparing(null);
      notify({
        type: 'error',
        title: t('portal.quotations.requoteFailed'),
        message: t('portal.quotations.payFailedText'),
      });
    }
  };

  return { pay, requote, preparing };
}
