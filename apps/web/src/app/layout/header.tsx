import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { type Language, setLanguage, t, useLanguage } from '../../lib/i18n';
import { usePersistedStore } from '../../lib/persisted-store';
import { saveUserLanguage, signOut } from '../../lib/session';
import { authStore, getDisplayName, getRole, isStaffRole } from '../../stores/auth';
import { LogoMark } from './logo';

// The bell loads in its own chunk, only once someone is signed in: the landing page's JavaScript stays as it was.
const NotificationBell = lazy(() => import('../../components/notification-bell'));

const accountButton =
  'rounded-full border border-emerald-800 px-3 py-1.5 text-sm font-semibold whitespace-nowrap md:px-4 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-800';

const accountLink =
  'max-w-[12rem] truncate rounded text-sm font-semibold text-slate-900 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-800';

/** Always in the header's row: the bell when signed in, Sign In when not. */
function RowAccount({ isAuthenticated, isStaff }: { isAuthenticated: boolean; isStaff: boolean }) {
  if (!isAuthenticated) {
    return (
      <Link
        to={paths.auth.getHref()}
        className={`${accountButton} bg-emerald-800 text-white hover:bg-emerald-900`}
      >
        {t('nav.signIn')}
      </Link>
    );
  }
  return (
    <Suspense fallback={null}>
      <NotificationBell isStaff={isStaff} />
    </Suspense>
  );
}

/**
 * Signed in: the client's name (a link to the portal), or for staff a "Staff area" link, and Sign
 * Out — beside the navigation on wide screens, in the menu on phones.
 */
function MenuAccount({ isStaff }: { isStaff: boolean }) {
  const navigate = useNavigate();
  const user = usePersistedStore(authStore, (state) => state.authData);
  const [isSigningOut, setSigningOut] = useState(false);

  // Home first, then the session ends, once home is on screen (an effect runs after the commit): a
  // signed-in screen still mounted when the session goes sends the client to sign in. Awaiting the
  // navigation was not enough: on a slow phone the portal could still be on screen when it resolved.
  const { pathname } = useLocation();
  const home = paths.home.getHref();
  useEffect(() => {
    if (!isSigningOut || pathname !== home) return;
    void signOut().finally(() => setSigningOut(false));
  }, [isSigningOut, pathname, home]);
  const onSignOut = () => {
    setSigningOut(true);
    navigate(home);
  };

  const name = getDisplayName(user);
  return (
    <div className="flex min-w-0 flex-wrap items-center gap-2">
      {isStaff ? (
        <Link to={paths.staff.getHref()} className={accountLink}>
          {t('nav.staffArea')}
        </Link>
      ) : (
        <Link
          to={paths.portal.getHref()}
          className={accountLink}
          aria-label={name ? t('nav.signedInAs', { name }) : t('nav.portal')}
        >
          {name || t('nav.portal')}
        </Link>
      )}
      <button
        type="button"
        onClick={onSignOut}
        disabled={isSigningOut}
        className={`${accountButton} bg-white text-emerald-900 hover:bg-emerald-50 disabled:cursor-wait`}
      >
        {isSigningOut ? t('nav.signingOut') : t('nav.signOut')}
      </button>
    </div>
  );
}

/** Each language named in itself. */
const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', sw: 'Kiswahili' };

/**
 * One tap to the other language, named in that language; the choice is remembered on this device
 * and, when someone is signed in, on their account (their e-mails and notifications follow it).
 */
function LanguageSwitch() {
  const language = useLanguage();
  const other: Language = language === 'en' ? 'sw' : 'en';
  const [isSwitching, setSwitching] = useState(false);
  const onSwitch = async () => {
    setSwitching(true);
    try {
      await setLanguage(other);
      saveUserLanguage(other);
    } finally {
      setSwitching(false);
    }
  };
  return (
    <button
      type="button"
      onClick={onSwitch}
      disabled={isSwitching}
      lang={other}
      title={t('nav.language')}
      className="rounded-full px-2 py-1.5 text-sm font-semibold text-emerald-900 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-800 disabled:cursor-wait"
    >
      {LANGUAGE_NAMES[other]}
    </button>
  );
}

const navItems = [
  { to: paths.home.getHref(), label: 'nav.home', end: true },
  { to: paths.insurance.getHref(), label: 'nav.insurance', end: true },
  { to: paths.aboutUs.getHref(), label: 'nav.aboutUs', end: true },
  { to: paths.contactUs.getHref(), label: 'nav.contactUs', end: true },
];

/**
 * The header: on wide screens one row (logo, navigation, language, Help, account); on phones one
 * compact row (logo, bell or Sign In, Menu) with the rest in a menu that closes on navigation and
 * Escape.
 */
export function Header({ onOpenHelp }: { onOpenHelp: () => void }) {
  const isAuthenticated = usePersistedStore(authStore, (state) => state.isAuthenticated);
  const isStaff = usePersistedStore(authStore, (state) => isStaffRole(getRole(state)));
  const [isMenuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const location = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: closes on every new location
  useEffect(() => setMenuOpen(false), [location.key]);
  useEffect(() => {
    if (!isMenuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpen(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [isMenuOpen]);

  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-3 gap-y-2 px-4 py-3 sm:px-6 md:gap-x-6">
        <Link
          to={paths.home.getHref()}
          className="flex items-center gap-2 rounded text-lg font-extrabold tracking-tight whitespace-nowrap text-emerald-900 md:text-xl"
          aria-label={t('nav.homeLink')}
        >
          <LogoMark />
          <span>{t('app.name')}</span>
        </Link>
        <div className="order-2 flex items-center gap-2 md:order-3">
          <RowAccount isAuthenticated={isAuthenticated} isStaff={isStaff} />
          <button
            type="button"
            className="rounded-full border border-emerald-800 px-3 py-1.5 text-sm font-semibold text-emerald-900 hover:bg-emerald-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-800 md:hidden"
            aria-expanded={isMenuOpen}
            aria-controls={menuId}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {t('nav.menu')}
          </button>
        </div>
        <div
          id={menuId}
          className={`${isMenuOpen ? 'flex' : 'hidden'} order-3 w-full flex-col gap-3 md:order-2 md:flex md:w-auto md:flex-1 md:flex-row md:items-center md:justify-between`}
        >
          <nav aria-label={t('nav.label')}>
            <ul className="-mx-2 flex flex-col gap-1 text-base font-medium md:flex-row md:overflow-x-auto">
              {navItems.map((item) => (
                <li key={item.to}>
                  <NavLink
                    to={item.to}
                    end={item.end}
                    className={({ isActive }) =>
                      `block rounded-md px-2 py-1.5 whitespace-nowrap hover:bg-slate-100 ${isActive ? 'text-emerald-900 underline decoration-2 underline-offset-8' : 'text-slate-700'}`
                    }
                  >
                    {t(item.label)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="flex flex-wrap items-center gap-2">
            <LanguageSwitch />
            <button
              type="button"
              onClick={onOpenHelp}
              className="rounded-full border border-emerald-800 px-4 py-1.5 text-sm font-semibold text-emerald-900 hover:bg-emerald-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-800"
              aria-haspopup="dialog"
            >
              {t('nav.help')}
            </button>
            {isAuthenticated ? <MenuAccount isStaff={isStaff} /> : null}
          </div>
        </div>
      </div>
    </header>
  );
}
