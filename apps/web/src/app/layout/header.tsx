import { Link, NavLink } from 'react-router';
import { paths } from '../../config/paths';
import { t } from '../../lib/i18n';
import { LogoMark } from './logo';

const navItems = [
  { to: paths.home.getHref(), label: 'nav.home', end: true },
  { to: paths.insurance.getHref(), label: 'nav.insurance', end: true },
  { to: paths.aboutUs.getHref(), label: 'nav.aboutUs', end: true },
  { to: paths.contactUs.getHref(), label: 'nav.contactUs', end: true },
];

export function Header({ onOpenHelp }: { onOpenHelp: () => void }) {
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-6 gap-y-2 px-4 py-3 sm:px-6">
        <Link
          to={paths.home.getHref()}
          className="flex items-center gap-2 rounded text-xl font-extrabold tracking-tight text-emerald-900"
          aria-label={t('nav.homeLink')}
        >
          <LogoMark />
          <span>{t('app.name')}</span>
        </Link>
        <button
          type="button"
          onClick={onOpenHelp}
          className="order-2 rounded-full border border-emerald-800 px-4 py-1.5 text-sm font-semibold text-emerald-900 hover:bg-emerald-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-800 md:order-3"
          aria-haspopup="dialog"
        >
          {t('nav.help')}
        </button>
        <nav aria-label={t('nav.label')} className="order-3 w-full md:order-2 md:w-auto">
          <ul className="-mx-2 flex gap-1 overflow-x-auto text-sm font-medium sm:text-base">
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
      </div>
    </header>
  );
}
