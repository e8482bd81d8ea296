import { NavLink } from 'react-router';
import { UnreadCount, unreadLabel } from '../../../components/unread-count';
import { paths } from '../../../config/paths';
import { useChatUnreadCount } from '../../../lib/chat-unread';
import { t } from '../i18n';
import { PORTAL_MENU, type PortalMenuEntry } from '../menu';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `flex items-center justify-between gap-2 rounded-md px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-800 ${
    isActive ? 'bg-emerald-50 font-semibold text-emerald-900' : 'text-slate-800 hover:bg-slate-100'
  }`;

function MenuLink({ item, unread = 0 }: { item: PortalMenuEntry; unread?: number }) {
  const label = t(item.labelKey);
  return (
    <NavLink
      to={item.href}
      end={item.href === paths.portal.getHref()}
      className={linkClass}
      aria-label={unread > 0 ? unreadLabel(label, unread) : undefined}
    >
      <span>{label}</span>
      <UnreadCount count={unread} />
      {item.isAvailable ? null : (
        <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700">
          <span aria-hidden="true">{t('portal.soon')}</span>
          <span className="sr-only">{t('portal.soonLabel')}</span>
        </span>
      )}
    </NavLink>
  );
}

/**
 * The portal's side menu, built from PORTAL_MENU; Chats shows how many conversations have unread
 * messages, kept live by the tab's chat socket.
 */
export function PortalMenu() {
  const unreadChats = useChatUnreadCount();
  return (
    <nav aria-label={t('portal.menuLabel')}>
      <ul className="space-y-0.5">
        {PORTAL_MENU.map((item) =>
          item.children ? (
            <li key={item.id}>
              <p className="px-3 pt-3 pb-1 text-xs font-bold tracking-wide text-slate-700 uppercase">
                {t(item.labelKey)}
              </p>
              <ul className="space-y-0.5 pl-2">
                {item.children.map((child) => (
                  <li key={child.id}>
                    <MenuLink item={child} />
                  </li>
                ))}
              </ul>
            </li>
          ) : (
            <li key={item.id}>
              <MenuLink item={item} unread={item.id === 'chats' ? unreadChats : 0} />
            </li>
          ),
        )}
      </ul>
    </nav>
  );
}
