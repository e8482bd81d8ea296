import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { notify } from '../../lib/notifications';
import { completeQuotation } from '../purchase/api/quotation';
import { t } from './i18n';

/**
 * Pays a quotation on the purchase payment page: its invoice, made first (completeQuotation, which
 * is idempotent) when it has none yet. Returns the pay function and the quotation being prepared.
 */
export function usePayQuotation() {
  const navigate = useNavigate();
  const [preparing, setPreparing] = useState<string | null>(null);
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
      const completed = await completeQuotation(quotation.systemQuotationRef);
      navigate(paths.motorPayment.getHref(completed.invoiceSystemRef));
    } catch {
      setPreparing(null);
      notify({
        type: 'error',
        title: t('portal.quotations.payFailed'),
        message: t('portal.quotations.payFailedText'),
      });
    }
  };
  return { pay, preparing };
}
