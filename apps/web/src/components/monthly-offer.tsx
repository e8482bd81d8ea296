import { MONTHLY_RULE, type MonthlyOffer } from '@bima/domain';
import { formatKes } from '@bima/domain/money';
import { useLanguage } from '../lib/i18n';
import { t } from './i18n';
import { SummaryList } from './summary-list';

/**
 * "Pay monthly" (issue 31) as the client weighs it: the monthly amount over 12 months, the total
 * against paying at once and the difference, the grace, and the rule in the reader's language. The
 * purchase summary (where the plan is chosen) and the portal's quotations show it alike.
 */
export function MonthlyOfferDetails({ offer }: { offer: MonthlyOffer }) {
  const language = useLanguage();
  const rows = [
    {
      label: t('components.monthly.perMonth'),
      value: t('components.monthly.perMonthValue', { amount: formatKes(offer.monthlyAmount) }),
    },
    ...(offer.firstAmount !== offer.monthlyAmount
      ? [{ label: t('components.monthly.firstMonth'), value: formatKes(offer.firstAmount) }]
      : []),
    {
      label: t('components.monthly.months'),
      value: t('components.monthly.monthsValue', { count: offer.instalments }),
    },
    { label: t('components.monthly.total'), value: formatKes(offer.total) },
    { label: t('components.monthly.payAtOnce'), value: formatKes(offer.payAtOnce) },
    {
      label: t('components.monthly.difference'),
      value: t('components.monthly.differenceValue', {
        amount: formatKes(offer.extra),
        percent: String(offer.loadingBps / 100),
      }),
    },
    {
      label: t('components.monthly.grace'),
      value: t('components.monthly.graceValue', { days: offer.graceDays }),
    },
  ];
  return (
    <div>
      <SummaryList rows={rows} />
      <p className="mt-3 text-sm text-slate-800">{MONTHLY_RULE[language]}</p>
    </div>
  );
}
