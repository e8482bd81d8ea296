import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { t } from '../../lib/i18n';

export default function NotFoundRoute() {
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="text-3xl font-bold text-slate-900">{t('notFound.title')}</h1>
      <p className="mt-3 text-slate-700">{t('notFound.text')}</p>
      <Link
        to={paths.home.getHref()}
        className="mt-6 inline-block rounded-lg bg-emerald-800 px-5 py-2.5 font-semibold text-white hover:bg-emerald-900"
      >
        {t('notFound.home')}
      </Link>
    </div>
  );
}
