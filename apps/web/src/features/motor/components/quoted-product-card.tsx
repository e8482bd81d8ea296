import { formatCoverPeriod } from '@bima/domain';
import { formatKes } from '@bima/domain/money';
import { useId } from 'react';
import { buttonPrimary, buttonSecondary, cardClass } from '../../../components/ui';
import { domainText } from '../../../lib/domain-text';
import type { QuotedProductSummary } from '../../../lib/motor-types';
import { t } from '../i18n';
import { ProductLogo } from './product-logo';

interface QuotedProductCardProps {
  product: QuotedProductSummary;
  isCompared: boolean;
  isBusy: boolean;
  onBuy: () => void;
  onDetails: () => void;
  onToggleCompare: () => void;
}

/** One quoted product in the ProductQuotation grid (spec-1 §2.5). */
export function QuotedProductCard({
  product,
  isCompared,
  isBusy,
  onBuy,
  onDetails,
  onToggleCompare,
}: QuotedProductCardProps) {
  const titleId = useId();
  const underwriter = product.underwriter[0]?.name ?? '';
  return (
    <article aria-labelledby={titleId} className={`${cardClass} flex h-full flex-col gap-4`}>
      <div className="flex items-start gap-3">
        <ProductLogo product={product} />
        <div className="min-w-0">
          <h3 id={titleId} className="text-lg leading-snug font-bold text-slate-900">
            {product.productName}
          </h3>
          <p className="text-sm text-slate-700">{t('motor.quotes.by', { underwriter })}</p>
        </div>
      </div>
      {product.coverType === 'third-party' ? (
        <span className="self-start rounded-full bg-sky-100 px-3 py-1 text-xs font-bold text-sky-900">
          {t('motor.quotes.fixedRate')}
        </span>
      ) : null}
      <p className="text-slate-700">{product.productDescription}</p>
      <div className="mt-auto">
        <p className="text-sm text-slate-700">{t('motor.quotes.premium')}</p>
        <p className="text-2xl font-extrabold text-emerald-900">
          {product.premium === null || product.premium === undefined ? '—' : formatKes(product.premium)}
        </p>
        {product.quotePeriod ? (
          <p className="text-sm text-slate-700">
            {t('motor.quotes.perPeriod', { period: domainText(formatCoverPeriod(product.quotePeriod)) })}
          </p>
        ) : null}
        {product.monthly ? (
          <p className="mt-2 rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-950">
            <span className="font-bold">{t('motor.quotes.payMonthly')}</span>{' '}
            {t('motor.quotes.payMonthlyValue', {
              amount: formatKes(product.monthly.monthlyAmount),
              count: product.monthly.instalments,
              total: formatKes(product.monthly.total),
            })}
          </p>
        ) : null}
      </div>
      <div className="grid grid-cols-2 gap-2">
        <button
          type="button"
          onClick={onBuy}
          disabled={isBusy}
          className={`${buttonPrimary} col-span-2 px-3`}
        >
          {t('motor.quotes.buyNow')}
        </button>
        <button type="button" onClick={onDetails} disabled={isBusy} className={`${buttonSecondary} px-3`}>
          {t('motor.quotes.details')}
        </button>
        <button type="button" onClick={onToggleCompare} className={`${buttonSecondary} px-3`}>
          {isCompared ? t('motor.quotes.remove') : t('motor.quotes.compare')}
        </button>
      </div>
    </article>
  );
}
