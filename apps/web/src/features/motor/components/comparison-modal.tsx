import { formatKes } from '@bima/domain/money';
import { useId } from 'react';
import { Modal } from '../../../components/modal';
import { buttonDanger, buttonPrimary, buttonSecondary, closeButton } from '../../../components/ui';
import type { ComparisonBenefit, ComparisonExcess, ComparisonItem } from '../../../lib/motor-types';
import { t } from '../i18n';

interface ComparisonModalProps {
  items: ComparisonItem[];
  busyId: string | null;
  onClose: () => void;
  onRemove: (id: string) => void;
  onClearAll: () => void;
  onBuy: (item: ComparisonItem) => void;
}

function BenefitSection({
  title,
  benefits,
  open = false,
}: {
  title: string;
  benefits: ComparisonBenefit[];
  open?: boolean;
}) {
  return (
    <details open={open} className="group rounded-lg border border-slate-200">
      <summary className="cursor-pointer rounded-lg px-3 py-2 font-semibold text-slate-900 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-emerald-800">
        {title}
      </summary>
      {benefits.length === 0 ? (
        <p className="px-3 pb-3 text-sm text-slate-700">{t('motor.comparison.none')}</p>
      ) : (
        <ul className="space-y-2 px-3 pb-3">
          {benefits.map((benefit) => (
            <li key={benefit.id} className="text-sm">
              <span className="font-semibold text-slate-900">{benefit.name}</span>
              {benefit.limit ? (
                <span className="block text-emerald-900">
                  {t('motor.comparison.limit', { amount: formatKes(benefit.limit) })}
                </span>
              ) : null}
              {benefit.description ? (
                <span className="block text-slate-700">{benefit.description}</span>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </details>
  );
}

/** What the client pays of a claim under each compared product, open beside the benefits. */
function ExcessList({ excesses }: { excesses: ComparisonExcess[] }) {
  return (
    <details open className="rounded-lg border border-slate-200">
      <summary className="cursor-pointer rounded-lg px-3 py-2 font-semibold text-slate-900 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-emerald-800">
        {t('motor.comparison.excesses', { count: excesses.length })}
      </summary>
      {excesses.length === 0 ? (
        <p className="px-3 pb-3 text-sm text-slate-700">{t('motor.comparison.none')}</p>
      ) : (
        <dl className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 px-3 pb-3 text-sm">
          {excesses.map((excess) => (
            <div key={excess.id} className="contents">
              <dt className="text-slate-700">{excess.name}</dt>
              <dd className="font-semibold text-slate-900">{formatKes(excess.amount)}</dd>
            </div>
          ))}
        </dl>
      )}
    </details>
  );
}

function ComparisonCard({
  item,
  isBusy,
  onRemove,
  onBuy,
}: {
  item: ComparisonItem;
  isBusy: boolean;
  onRemove: () => void;
  onBuy: () => void;
}) {
  const titleId = useId();
  return (
    <article
      aria-labelledby={titleId}
      className="flex w-full flex-col gap-3 rounded-xl border border-slate-200 p-4"
    >
      <h3 id={titleId} className="text-lg font-bold text-slate-900">
        {item.name}
      </h3>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-slate-700">{t('motor.comparison.premium')}</dt>
        <dd className="font-bold text-emerald-900">
          {item.premium === null ? '—' : formatKes(item.premium)}
        </dd>
        <dt className="text-slate-700">{t('motor.comparison.underwriter')}</dt>
        <dd className="font-semibold text-slate-900">{item.underwriter}</dd>
      </dl>
      <BenefitSection
        title={t('motor.comparison.coreBenefits', { count: item.coreBenefits.length })}
        benefits={item.coreBenefits}
        open
      />
      <BenefitSection
        title={t('motor.comparison.optionalBenefits', { count: item.optionalBenefits.length })}
        benefits={item.optionalBenefits}
      />
      <ExcessList excesses={item.excesses ?? []} />
      <div className="mt-auto flex flex-wrap gap-2">
        <button type="button" onClick={onBuy} disabled={isBusy} className={`${buttonPrimary} flex-1`}>
          {t('motor.quotes.buyNow')}
        </button>
        <button type="button" onClick={onRemove} className={buttonDanger}>
          {t('motor.quotes.remove')}
        </button>
      </div>
    </article>
  );
}

/** The comparison modal (spec-1 §2.5): each compared product side by side, with Remove and Buy Now. */
export function ComparisonModal({
  items,
  busyId,
  onClose,
  onRemove,
  onClearAll,
  onBuy,
}: ComparisonModalProps) {
  return (
    <Modal
      title={t('motor.comparison.title')}
      onClose={onClose}
      widthClass="w-[min(72rem,calc(100vw-2rem))]"
      headerAction={
        <button
          type="button"
          onClick={onClose}
          aria-label={t('motor.comparison.close')}
          className={closeButton}
        >
          <span aria-hidden="true">×</span>
        </button>
      }
    >
      <p className="rounded-lg bg-sky-50 p-3 text-sm text-sky-950">{t('motor.comparison.hint')}</p>
      {items.length === 0 ? (
        <p className="mt-4 text-slate-700">{t('motor.comparison.empty')}</p>
      ) : (
        <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {items.map((item) => (
            <li key={item.id} className="flex">
              <ComparisonCard
                item={item}
                isBusy={busyId === item.id}
                onRemove={() => onRemove(item.id)}
                onBuy={() => onBuy(item)}
              />
            </li>
          ))}
        </ul>
      )}
      <div className="mt-5 flex flex-wrap justify-end gap-3">
        <button type="button" onClick={onClearAll} disabled={items.length === 0} className={buttonSecondary}>
          {t('motor.comparison.clearAll')}
        </button>
      </div>
    </Modal>
  );
}
