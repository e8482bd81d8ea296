import { Link } from 'react-router';
import { linkButton } from '../../../components/ui';
import { paths } from '../../../config/paths';
import { t } from '../i18n';

/** Links between the three school fees pages. */
export function SchoolLinks() {
  return (
    <nav aria-label={t('school.nav')} className="mt-3 flex flex-wrap gap-4">
      <Link to={paths.portalSchoolSchools.getHref()} className={linkButton}>
        {t('school.links.schools')}
      </Link>
      <Link to={paths.portalSchoolInvoice.getHref()} className={linkButton}>
        {t('school.links.invoices')}
      </Link>
      <Link to={paths.portalSchoolLoans.getHref()} className={linkButton}>
        {t('school.links.loans')}
      </Link>
    </nav>
  );
}
