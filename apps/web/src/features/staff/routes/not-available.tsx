import { Link } from 'react-router';
import { Card } from '../../../components/card';
import { ScreenHeading } from '../../../components/screen-heading';
import { buttonSecondary } from '../../../components/ui';
import { staffPaths } from '../../../config/staff-paths';
import { t } from '../i18n';

/** A staff address with no screen (yet): said plainly, with the way back. */
export default function StaffNotAvailableRoute() {
  return (
    <Card>
      <ScreenHeading level={1}>{t('staff.notAvailable.title')}</ScreenHeading>
      <p className="mt-3 text-slate-700">{t('staff.notAvailable.text')}</p>
      <Link to={staffPaths.dashboard.getHref()} className={`${buttonSecondary} mt-6`}>
        {t('staff.backToDashboard')}
      </Link>
    </Card>
  );
}
