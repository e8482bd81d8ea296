import type { CoverType } from '@bima/domain';
import { formatKes, shillingsToCents } from '@bima/domain/money';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { coverTypeText } from '../../../components/code-labels';
import { PolicyConfirmation } from '../../../components/policy-confirmation';
import { buttonPrimary, buttonSecondary, cardClass } from '../../../components/ui';
import { paths } from '../../../config/paths';
import { formatIsoDate } from '../../../lib/dates';
import { intlLocale } from '../../../lib/i18n';
import { supportContactsQueryOptions } from '../api/policy';
import { type PurchaseContext, useOptionalPurchaseContext } from '../hooks';
import { t } from '../i18n';
import { type PaidSummary, setPurchaseErrors, usePurchase } from '../stores/purchase';
import { nextProgress, PROGRESS_HIDE_DELAY_MS, PROGRESS_TICK_MS } from '../utils/progress';
import { formatDays } from '../utils/summary';

/** The loading card: random steps every 200 ms up to 100 %, then gone after 0.5 s (spec-2). */
function useActivationProgress() {
  const [progress, setProgress] = useState(0);
  const [isDone, setIsDone] = useState(false);
  useEffect(() => {
    if (progress >= 100) {
      const timer = window.setTimeout(() => setIsDone(true), PROGRESS_HIDE_DELAY_MS);
      return () => window.clearTimeout(timer);
    }
    const timer = window.setTimeout(
      () => setProgress((value) => nextProgress(value, Math.random())),
      PROGRESS_TICK_MS,
    );
    return () => window.clearTimeout(timer);
  }, [progress]);
  return { progress, isDone };
}

function Clock() {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 1_000);
    return () => window.clearInterval(timer);
  }, []);
  return (
    <p className="text-sm text-slate-700">
      {t('purchase.confirmation.clock')}:{' '}
      <time dateTime={now.toISOString()} className="font-semibold text-slate-900 tabular-nums">
        {now.toLocaleTimeString(intlLocale(), { hour: '2-digit', minute: '2-digit', second: '2-digit' })}
      </time>
    </p>
  );
}

function SupportCall() {
  const contacts = useQuery(supportContactsQueryOptions());
  if (!contacts.data?.phone) return null;
  const phone = contacts.data.phone;
  return (
    <a
      href={`tel:${phone.replace(/\s+/g, '')}`}
      aria-label={t('purchase.confirmation.callLabel', { phone })}
      className={buttonSecondary}
    >
      <span aria-hidden="true">📞</span> {t('purchase.confirmation.call')}
    </a>
  );
}

function summaryFromFlow({ flow, product, quote }: PurchaseContext): PaidSummary {
  return {
    productName: product.productName,
    // The quote answers cents; the value the client typed is whole shillings: the summary holds cents.
    premium: quote.total,
    coverType: product.coverType,
    vehicleValue: shillingsToCents(flow.vehicleValue),
    period: quote.period,
    startDate: flow.coverDetails.startDate,
  };
}

/** Confirmation (spec-2): the activation card, then the policy, its documents and the way on. */
export default function ConfirmationRoute() {
  const context = useOptionalPurchaseContext();
  const navigate = useNavigate();
  const paid = usePurchase((state) => state.paid);
  const { progress, isDone } = useActivationProgress();

  useEffect(() => {
    if (paid) return;
    setPurchaseErrors([t('purchase.guard.paymentMissing')]);
    navigate(paths.motorPayment.getHref(), { replace: true });
  }, [paid, navigate]);

  if (!paid) return null;
  if (!isDone) {
    return (
      <div className={`${cardClass} mx-auto max-w-lg text-center`}>
        <p className="font-semibold text-slate-900">{t('purchase.confirmation.loading')}</p>
        <div
          role="progressbar"
          aria-label={t('purchase.confirmation.loadingLabel')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress}
          className="mt-4 h-3 overflow-hidden rounded-full bg-slate-200"
        >
          <div
            className="h-full rounded-full bg-emerald-700 transition-all"
            style={{ width: `${progress}%` }}
          />
        </div>
        <p className="mt-2 text-sm font-semibold text-slate-800 tabular-nums">{progress}%</p>
      </div>
    );
  }

  // Paid from the portal: the invoice's summary; in the purchase flow: the flow's quotation.
  const shown = paid.summary ?? (context ? summaryFromFlow(context) : null);
  if (!shown) return null;
  const coverType = shown.coverType as CoverType;
  const rows = [
    { label: t('purchase.fields.product'), value: shown.productName },
    { label: t('purchase.fields.premium'), value: formatKes(shown.premium) },
    ...(coverType === 'third-party' || shown.vehicleValue === null
      ? []
      : [{ label: t('purchase.fields.vehicleValue'), value: formatKes(shown.vehicleValue) }]),
    {
      label: t('purchase.fields.coverType'),
      value: coverTypeText(shown.coverType),
    },
    { label: t('purchase.fields.period'), value: formatDays(shown.period) },
    { label: t('purchase.fields.startDate'), value: formatIsoDate(shown.startDate) },
    ...(paid.receiptNumber
      ? [{ label: t('purchase.confirmation.receiptNumber'), value: paid.receiptNumber }]
      : []),
  ];
  const promises = [
    ['instant', '⚡'],
    ['secure', '🔒'],
    ['support', '🕑'],
  ] as const;

  return (
    <PolicyConfirmation
      policyNumber={paid.policyNumber}
      rows={rows}
      note={<Clock />}
      aside={
        <section aria-labelledby="confirmation-promises" className={cardClass}>
          <h3 id="confirmation-promises" className="text-lg font-bold text-slate-900">
            {t('purchase.confirmation.promises')}
          </h3>
          <ul className="mt-3 grid gap-3 sm:grid-cols-3">
            {promises.map(([key, icon]) => (
              <li key={key} className="rounded-xl bg-emerald-50 p-3 text-emerald-950">
                <p className="font-semibold">
                  <span aria-hidden="true">{icon} </span>
                  {t(`purchase.confirmation.${key}`)}
                </p>
                <p className="mt-1 text-sm">{t(`purchase.confirmation.${key}Text`)}</p>
              </li>
            ))}
          </ul>
        </section>
      }
      actions={
        <>
          <div className="flex flex-col gap-3 sm:flex-row">
            {/* The policy's intermediary, or support when it was bought direct (the server decides). */}
            <Link
              to={paths.portalChats.getHref(
                paid.policyNumber ? { with: 'policy', policyNumber: paid.policyNumber } : { with: 'support' },
              )}
              aria-label={t('purchase.confirmation.chatLabel')}
              className={buttonSecondary}
            >
              <span aria-hidden="true">💬</span> {t('purchase.confirmation.chat')}
            </Link>
            <SupportCall />
          </div>
          <Link to={paths.portal.getHref()} className={buttonPrimary}>
            {t('purchase.confirmation.portal')}
          </Link>
        </>
      }
    />
  );
}
