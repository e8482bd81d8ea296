import { Link, useLocation } from 'react-router';
import { ScreenHeading } from '../../../components/screen-heading';
import { buttonSecondary } from '../../../components/ui';
import { paths } from '../../../config/paths';
import { t } from '../i18n';
import { findMenuEntry } from '../menu';

/** Any portal screen that is not built yet says so plainly, instead of an empty page. */
export default function NotAvailableRoute() {
  const { pathname } = useLocation();
  const entry = findMenuEntry(pathname);
  const isKnown = entry !== undefined && entry.href !== paths.portal.getHref();
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
      <ScreenHeading level={1}>
        {isKnown
          ? t('portal.notAvailable.title', { label: t(entry.labelKey) })
          : t('portal.notAvailable.unknownTitle')}
      </ScreenHeading>
      <p className="mt-3 text-slate-700">
        {isKnown ? t('portal.notAvailable.text') : t('portal.notAvailable.unknownText')}
      </p>
      <Link to={paths.portal.getHref()} className={`${buttonSecondary} mt-6`}>
        {t('portal.notAvailable.back')}
      </Link>
    </div>
  );
}
