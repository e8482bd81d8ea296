import { NavLink } from 'react-router';
import { UnreadCount, unreadLabel } from '../../../components/unread-count';
import { staffPaths } from '../../../config/staff-paths';
import { useChatUnreadCount } from '../../../lib/chat-unread';
import type { StaffRole } from '../../../stores/auth';
import { t } from '../i18n';
import { navForRole } from '../nav';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `flex items-center justify-between gap-2 rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-800 ${
    isActive ? 'bg-emerald-50 font-semibold text-emerald-900' : 'text-slate-800 hover:bg-slate-100'
  }`;

/**
 * The staff area's navigation for a role: a row that wraps on phones, a column on wide screens.
 * Chats (intermediaries, admins) shows how many conversations have unread messages, live.
 */
export function StaffNav({ role }: { role: StaffRole }) {
  const entries = navForRole(role);
  const unreadChats = useChatUnreadCount(entries.some((item) => item.id === 'chats'));
  return (
    <nav aria-label={t('staff.nav.label')}>
      <ul className="flex flex-wrap gap-1 md:flex-col md:gap-0.5">
        {entries.map((item) => {
          const label = t(item.labelKey);
          const unread = item.id === 'chats' ? unreadChats : 0;
          return (
            <li key={item.id}>
              <NavLink
                to={item.href}
                end={item.href === staffPaths.dashboard.getHref()}
                className={linkClass}
                aria-label={unread > 0 ? unreadLabel(label, unread) : undefined}
              >
                <span>{label}</span>
                <UnreadCount count={unread} />
              </NavLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
