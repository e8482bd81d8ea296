import { NavLink } from 'react-router';
import { staffPaths } from '../../../config/staff-paths';
import type { StaffRole } from '../../../stores/auth';
import { t } from '../i18n';
import { navForRole } from '../nav';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-800 ${
    isActive ? 'bg-emerald-50 font-semibold text-emerald-900' : 'text-slate-800 hover:bg-slate-100'
  }`;

/** The staff area's navigation for a role: a row that wraps on phones, a column on wide screens. */
export function StaffNav({ role }: { role: StaffRole }) {
  return (
    <nav aria-label={t('staff.nav.label')}>
      <ul className="flex flex-wrap gap-1 md:flex-col md:gap-0.5">
        {navForRole(role).map((item) => (
          <li key={item.id}>
            <NavLink to={item.href} end={item.href === staffPaths.dashboard.getHref()} className={linkClass}>
              {t(item.labelKey)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
