import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ScreenHeading } from '../../../components/screen-heading';
import { buttonSecondary, cardClass } from '../../../components/ui';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notifications';
import { completeQuotation, getQuotationDetails } from '../../../lib/quotations';
import { clientDetailsQueryOptions } from '../api/client';
import { acceptRecommendation, completeQuotationDetails } from '../api/quotation';
import { describeKycFailure, KycForm } from '../components/kyc-form';
import { VehicleForm } from '../components/vehicle-form';
import { t } from '../i18n';

const FAILED_TOAST_MS = 6_000;

/**
 * Step 2 for a quotation the client did not build in the wizard (a broker's recommendation, a
 * renewal, an invoice opened in the portal): the vehicle form prefilled with what the quotation
 * holds (a recommendation's plate and chassis), then the KYC form prefilled from the profile; the
 * quotation is completed with them (the server checks the same rule that refuses to take money
 * without them), a recommendation is accepted, and payment opens. Only then is this step done.
 */
export default function CompleteDetailsRoute() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const systemQuotationRef = params.get('quotation')?.trim() ?? '';
  const recommendationId = Number(params.get('recommendation') ?? '');
  const quotation = useQuery({
    queryKey: ['client', 'quotation', systemQuotationRef, 'details'],
    queryFn: ({ signal }) => getQuotationDetails(systemQuotationRef, signal),
    enabled: systemQuotationRef !== '',
    retry: false,
  });
  const client = useQuery(clientDetailsQueryOptions());
  // The vehicle given (kept when the client goes back to it from the KYC step), and the step shown.
  const [vehicle, setVehicle] = useState<Record<string, unknown> | null>(null);
  const [step, setStep] = useState<'vehicle' | 'kyc'>('vehicle');

  const fail = (error: unknown) => {
    if (error instanceof ApiError && error.httpStatus === 403) return;
    notify({
      type: 'error',
      title: t('purchase.complete.failedTitle'),
      message: t('purchase.complete.failedText', { reason: describeKycFailure(error) }),
      duration: FAILED_TOAST_MS,
    });
  };

  /** The profile holds the KYC now: the quotation takes it with the vehicle, then payment. */
  const finish = async () => {
    try {
      await completeQuotationDetails({ systemQuotationRef, vehicleDetails: vehicle ?? undefined });
      const invoiceSystemRef =
        Number.isInteger(recommendationId) && recommendationId > 0
          ? (await acceptRecommendation(recommendationId, systemQuotationRef)).invoiceSystemRef
          : (quotation.data?.invoice?.invoiceSystemRef ??
            (await completeQuotation(systemQuotationRef)).invoiceSystemRef);
      void queryClient.invalidateQueries({ queryKey: ['client'] });
      navigate(paths.motorPayment.getHref(invoiceSystemRef));
    } catch (error) {
      fail(error);
    }
  };

  if (!systemQuotationRef || (quotation.error instanceof ApiError && quotation.error.httpStatus === 404)) {
    return <p className={cardClass}>{t('purchase.complete.notFound')}</p>;
  }
  if (quotation.isError) {
    return (
      <div role="alert" className={`${cardClass} space-y-3`}>
        <p className="font-semibold text-red-900">{t('purchase.complete.loadFailed')}</p>
        <button type="button" onClick={() => void quotation.refetch()} className={buttonSecondary}>
          {t('purchase.complete.retry')}
        </button>
      </div>
    );
  }
  if (!quotation.data || client.isPending) {
    return (
      <p role="status" className={cardClass}>
        {t('purchase.complete.loading')}
      </p>
    );
  }
  const data = quotation.data;
  if (data.policyNumber || data.invoice?.status === 'PAID') {
    return (
      <div role="status" className={`${cardClass} space-y-3`}>
        <p className="font-semibold text-emerald-900">{t('purchase.complete.paid')}</p>
        <Link to={paths.portalQuotations.getHref()} className={buttonSecondary}>
          {t('purchase.complete.back')}
        </Link>
      </div>
    );
  }
  const heading = (
    <div>
      <ScreenHeading>{t('purchase.complete.heading')}</ScreenHeading>
      <p className="mt-1 text-slate-700">
        {t('purchase.complete.intro', { product: data.productName, underwriter: data.underwriter })}
      </p>
    </div>
  );
  // Motor private's vehicle and KYC forms; another class's flow asks its own details when quoting,
  // so what one still lacks (a quotation from before the rule) is listed.
  if (data.classCode && data.classCode !== '07') {
    return (
      <section className="space-y-6">
        {heading}
        <div role="alert" className={cardClass}>
          <p className="font-semibold text-slate-900">{t('purchase.complete.otherClass')}</p>
          <ul className="mt-2 list-disc pl-6">
            {(data.missingDetails ?? []).map((missing) => (
              <li key={missing.field}>{missing.message}</li>
            ))}
          </ul>
        </div>
      </section>
    );
  }
  const backToStart = () => navigate(-1);
  return (
    <section className="space-y-6">
      {heading}
      {step === 'vehicle' ? (
        <div className="space-y-4">
          <h2 className="text-lg font-semibold text-slate-900">{t('purchase.complete.vehicleStep')}</h2>
          <VehicleForm
            isThirdParty={data.coverType === 'third-party'}
            initial={vehicle ?? data.vehicle}
            onValid={(saved) => {
              setVehicle(saved as Record<string, unknown>);
              setStep('kyc');
            }}
            onBack={backToStart}
            submitLabel={t('purchase.complete.continue')}
          />
        </div>
      ) : (
        <div className="space-y-4">
          <h2 className="text-lg font-semibold text-slate-900">{t('purchase.complete.kycStep')}</h2>
          <KycForm
            client={client.data}
            onSaved={finish}
            onBack={() => setStep('vehicle')}
            submitLabel={t('purchase.complete.toPayment')}
          />
        </div>
      )}
    </section>
  );
}
