import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { useSupportContacts } from '../../features/support/api/get-support-contacts';
import { t } from '../../lib/i18n';

export function Footer() {
  const { data: contacts } = useSupportContacts();
  return (
    <footer className="mt-16 bg-slate-900 text-slate-200">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-3 sm:px-6">
        <div>
          <p className="text-lg font-bold text-white">{t('app.name')}</p>
          <p className="mt-2 text-sm text-slate-300">{t('footer.tagline')}</p>
        </div>
        <div>
          <h2 className="font-semibold text-white">{t('footer.linksHeading')}</h2>
          <ul className="mt-3 space-y-2 text-sm">
            <li>
              <Link to={paths.home.getHref()} className="hover:underline">
                {t('nav.home')}
              </Link>
            </li>
            <li>
              <Link to={paths.insurance.getHref()} className="hover:underline">
                {t('nav.insurance')}
              </Link>
            </li>
            <li>
              <Link to={paths.aboutUs.getHref()} className="hover:underline">
                {t('nav.aboutUs')}
              </Link>
            </li>
            <li>
              <Link to={paths.contactUs.getHref()} className="hover:underline">
                {t('nav.contactUs')}
              </Link>
            </li>
          </ul>
        </div>
        <div>
          <h2 className="font-semibold text-white">{t('footer.supportHeading')}</h2>
          {contacts ? (
            <ul className="mt-3 space-y-2 text-sm">
              <li>
                <a href={`tel:${contacts.phone.replace(/\s+/g, '')}`} className="hover:underline">
                  {t('footer.phone', { phone: contacts.phone })}
                </a>
              </li>
              <li>
                <a href={`mailto:${contacts.email}`} className="hover:underline [overflow-wrap:anywhere]">
                  {t('footer.email', { email: contacts.email })}
                </a>
              </li>
            </ul>
          ) : null}
          <p className="mt-2 text-sm text-slate-300">{t('help.availability')}</p>
        </div>
      </div>
      <div className="border-t border-slate-800 py-4 text-center text-sm text-slate-300">
        {t('footer.copyright', { year: new Date().getFullYear() })}
      </div>
    </footer>
  );
}
