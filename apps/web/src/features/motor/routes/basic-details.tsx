import { Link } from 'react-router';
import { Breadcrumb } from '../../../components/breadcrumb';
import { paths } from '../../../config/paths';
import { t } from '../../../lib/i18n';
import { usePersistedStore } from '../../../lib/persisted-store';
import { productStore } from '../../../stores/product';

/** The motor wizard's entry; the quotation flow itself arrives in a later issue. */
export default function BasicDetailsRoute() {
  const selectedProduct = usePersistedStore(productStore, (state) => state.selectedProduct);
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <Breadcrumb
        items={[
          { label: t('landing.breadcrumbHome'), href: paths.home.getHref() },
          { label: t('motor.title') },
        ]}
      />
      <h1 className="mt-6 text-3xl font-extrabold tracking-tight text-slate-900">{t('motor.title')}</h1>
      <p className="mt-3 text-lg font-semibold text-emerald-900">
        {selectedProduct ? t('motor.selectedProduct', { name: selectedProduct.name }) : t('motor.noProduct')}
      </p>
      <div className="mt-6 rounded-2xl border border-amber-200 bg-amber-50 p-6 text-amber-950">
        <p>{t('motor.comingNote')}</p>
      </div>
      <div className="mt-8 flex flex-wrap gap-4">
        <Link
          to={paths.insurance.getHref()}
          className="rounded-lg bg-emerald-800 px-5 py-2.5 font-semibold text-white hover:bg-emerald-900"
        >
          {t('motor.backToProducts')}
        </Link>
        <Link
          to={paths.contactUs.getHref()}
          className="rounded-lg border border-emerald-800 px-5 py-2.5 font-semibold text-emerald-900 hover:bg-emerald-50"
        >
          {t('motor.contactUs')}
        </Link>
      </div>
    </div>
  );
}
