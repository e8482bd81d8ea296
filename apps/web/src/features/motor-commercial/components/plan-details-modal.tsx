import { formatKes } from '@bima/domain/money';
import { useQuery } from '@tanstack/react-query';
import { Button } from '../../../components/button';
import { Modal } from '../../../components/modal';
import { QueryStatus } from '../../../components/query-status';
import { closeButton } from '../../../components/ui';
import type { QuotedProductSummary } from '../../../lib/motor-types';
import { planDetailsQueryOptions } from '../api/commercial';
import { t } from '../i18n';

interface PlanDetailsModalProps {
  plan: QuotedProductSummary;
  onClose: () => void;
  onSelect: () => void;
}

/** View Details: the plan's overview, its benefits with their limits, excesses and levies. */
export function PlanDetailsModal({ plan, onClose, onSelect }: PlanDetailsModalProps) {
  const details = useQuery(planDetailsQueryOptions(plan.productSystemRef));
  const product = details.data;
  return (
    <Modal
      title={t('motorCommercial.quote.detailsTitle', { name: plan.productName })}
      onClose={onClose}
      widthClass="w-[min(40rem,calc(100vw-2rem))]"
      headerAction={
        <button
          type="button"
          onClick={onClose}
          className={closeButton}
          aria-label={t('motorCommercial.quote.closeLabel')}
        >
          <span aria-hidden="true">×</span>
        </button>
      }
    >
      <div className="space-y-5">
        <div>
          <p className="text-sm text-slate-700">
            {t('motorCommercial.quote.underwriter', { name: plan.underwriter[0]?.name ?? '' })}
          </p>
          <p className="mt-1 text-2xl font-extrabold text-emerald-900">
            {plan.premium === null || plan.premium === undefined ? '—' : formatKes(plan.premium)}
          </p>
          <p className="mt-2 text-slate-800">{plan.productDescription}</p>
        </div>
        <QueryStatus
          isPending={details.isPending}
          isError={details.isError}
          onRetry={() => void details.refetch()}
          errorText={t('motorCommercial.quote.detailsFailed')}
          className=""
        />
        {product ? (
          <>
            {product.productOverview ? (
              <section>
                <h3 className="font-bold text-slate-900">{t('motorCommercial.quote.overview')}</h3>
                <p className="mt-1 text-slate-800">{product.productOverview}</p>
              </section>
            ) : null}
            <section>
              <h3 className="font-bold text-slate-900">{t('motorCommercial.quote.benefits')}</h3>
              {product.productBenefits.length === 0 ? (
                <p className="mt-1 text-slate-800">{t('motorCommercial.quote.noBenefits')}</p>
              ) : (
                <ul className="mt-2 space-y-2">
                  {product.productBenefits.map((benefit) => (
                    <li key={benefit.benefitSystemRef} className="rounded-lg bg-slate-50 p-3">
                      <p className="font-semibold text-slate-900">
                        {benefit.benefit_category_name}{' '}
                        <span className="text-sm font-normal text-slate-700">
                          (
                          {benefit.benefitType === 'optional'
                            ? t('motorCommercial.quote.optionalBenefit')
                            : t('motorCommercial.quote.includedBenefit')}
                          )
                        </span>
                      </p>
                      {benefit.benefit_category_description ? (
                        <p className="text-sm text-slate-800">{benefit.benefit_category_description}</p>
                      ) : null}
                      {benefit.benefitLimit?.defaultLimit ? (
                        <p className="text-sm text-slate-700">
                          {t('motorCommercial.quote.limit', {
                            amount: formatKes(benefit.benefitLimit.defaultLimit),
                          })}
                        </p>
                      ) : null}
                    </li>
                  ))}
                </ul>
              )}
            </section>
            <section>
              <h3 className="font-bold text-slate-900">{t('motorCommercial.quote.excesses')}</h3>
              {product.excesses.length === 0 ? (
                <p className="mt-1 text-slate-800">{t('motorCommercial.quote.noExcesses')}</p>
              ) : (
                <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-800">
                  {product.excesses.map((excess) => (
                    <li key={excess.id}>
                      {excess.name}
                      {excess.description ? `: ${excess.description}` : ''}
                    </li>
                  ))}
                </ul>
              )}
            </section>
            {product.product_charges_details.length > 0 ? (
              <section>
                <h3 className="font-bold text-slate-900">{t('motorCommercial.quote.charges')}</h3>
                <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-800">
                  {product.product_charges_details.map((charge) => (
                    <li key={charge.charge_name}>{charge.charge_name}</li>
                  ))}
                </ul>
              </section>
            ) : null}
          </>
        ) : null}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose}>
            {t('motorCommercial.quote.close')}
          </Button>
          <Button onClick={onSelect}>{t('motorCommercial.quote.selectPlan')}</Button>
        </div>
      </div>
    </Modal>
  );
}
