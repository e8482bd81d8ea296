import { Link } from 'react-router';
import { Card } from '../../../components/card';
import { ScreenHeading } from '../../../components/screen-heading';
import { buttonSecondary } from '../../../components/ui';
import { staffPaths } from '../../../config/staff-paths';
import { t } from '../i18n';

/** Another role's screen: said plainly, and no call is made (a refused call would sign the user out). */
export default function NotAllowedRoute() {
  return (
    <Card>
      <ScreenHeading level={1}>{t('staff.notAllowed.title')}</ScreenHeading>
      <p className="mt-3 text-slate-700">{t('staff.notAllowed.text')}</p>
      <Link to={staffPaths.dashboard.getHref()} className={`${buttonSecondary} mt-6`}>
        {t('staff.backToDashboard')}
      </Link>
    </Card>
  );
}
