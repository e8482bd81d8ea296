import { Link, useNavigate } from 'react-router';
import { ScreenHeading } from '../../../components/screen-heading';
import { buttonPrimary, buttonSecondary, cardClass, linkButton } from '../../../components/ui';
import { paths } from '../../../config/paths';
import type { ProductBenefit } from '../../../lib/motor-types';
import { splitBenefits } from '../../../lib/premium-request';
import { useMotorFlow } from '../../../stores/motor-flow';
import { ProductLogo } from '../components/product-logo';
import { ShareQuoteButton } from '../components/share-quote-button';
import { t } from '../i18n';
import { formatBenefitLimit, formatRate, hasOwnLimit } from '../utils/format';

const DEFAULT_TERMS = '/documents/terms/default.html';

function BenefitList({
  title,
  benefits,
  showLimits,
}: {
  title: string;
  benefits: ProductBenefit[];
  showLimits: boolean;
}) {
  return (
    <section className={cardClass} aria-label={title}>
      <h3 className="text-lg font-bold text-slate-900">{title}</h3>
      {benefits.length === 0 ? (
        <p className="mt-2 text-slate-700">{t('motor.details.none')}</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-200">
          {benefits.map((benefit) => (
            <li key={benefit._id} className="py-3">
              <p className="font-semibold text-slate-900">{benefit.benefit_category_name}</p>
              <p className="text-sm text-slate-700">{benefit.benefit_category_description}</p>
              {showLimits && (benefit.benefitType === 'optional' || hasOwnLimit(benefit.benefitLimit)) ? (
                <p className="mt-1 text-sm font-semibold text-emerald-900">
                  {t('motor.details.limit', { limit: formatBenefitLimit(benefit.benefitLimit) })}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** ViewProductDetails (spec-1 §2.6). */
export default function ViewDetailsRoute() {
  const navigate = useNavigate();
  const product = useMotorFlow((state) => state.selectedProduct);
  const quotedProducts = useMotorFlow((state) => state.quotedProducts);

  if (!product) {
    return (
      <section className={`${cardClass} text-center`}>
        <ScreenHeading>{t('motor.details.noProductTitle')}</ScreenHeading>
        <p className="mt-2 text-slate-700">{t('motor.details.noProductText')}</p>
        <button
          type="button"
          onClick={() => navigate(paths.motorProductQuotation.getHref())}
          className={`${buttonPrimary} mt-5`}
        >
          {t('motor.backToProducts')}
        </button>
      </section>
    );
  }

  const { core, optional } = splitBenefits(product);
  const underwriter = product.underwriter[0]?.name ?? '';
  // The quote carries the rate of the visitor's value band; the bare product only its first band.
  const rate =
    quotedProducts.find((quoted) => quoted.productSystemRef === product.productSystemRef)?.basePremiumRate ??
    product.basePremiumRate;
  return (
    <section className="space-y-6">
      <ScreenHeading>{t('motor.details.heading')}</ScreenHeading>
      <div className={`${cardClass} flex flex-col gap-4 sm:flex-row sm:items-start`}>
        <ProductLogo product={product} size="lg" />
        <div className="min-w-0 flex-1 space-y-2">
          <h3 className="text-2xl font-bold text-slate-900">{product.productName}</h3>
          <p className="text-slate-700">{t('motor.quotes.by', { underwriter })}</p>
          <p className="text-slate-800">{product.productOverview || product.productDescription}</p>
          <dl className="flex flex-wrap gap-x-3">
            <dt className="font-semibold text-slate-800">{t('motor.details.rate')}:</dt>
            <dd className="font-bold text-emerald-900">{formatRate(rate)}</dd>
          </dl>
          <a
            href={product.productTnc || DEFAULT_TERMS}
            target="_blank"
            rel="noopener noreferrer"
            className={`${linkButton} inline-block`}
          >
            {t('motor.details.terms')} <span className="sr-only">{t('motor.details.termsNewTab')}</span>
          </a>
        </div>
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <BenefitList title={t('motor.details.coreBenefits')} benefits={core} showLimits />
        <BenefitList title={t('motor.details.optionalBenefits')} benefits={optional} showLimits />
      </div>
      <ShareQuoteButton step="view-details" />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <Link to={paths.motorProductQuotation.getHref()} className={buttonSecondary}>
          {t('motor.backToProducts')}
        </Link>
        <button
          type="button"
          onClick={() => navigate(paths.motorBasicCoverDetails.getHref())}
          className={buttonPrimary}
        >
          {t('motor.quotes.buyNow')}
        </button>
      </div>
    </section>
  );
}
