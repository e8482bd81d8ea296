import { t } from '../../../lib/i18n';
import { useSupportContacts } from '../api/get-support-contacts';

export default function ContactUsRoute() {
  const { data: contacts, isPending, isError, refetch } = useSupportContacts();
  return (
    <div className="mx-auto max-w-4xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">
        {t('contact.title')}
      </h1>
      <p className="mt-4 text-lg text-slate-700">{t('contact.intro')}</p>
      {isPending ? <p className="mt-8 text-slate-700">{t('contact.loading')}</p> : null}
      {isError ? (
        <div role="alert" className="mt-8 rounded-xl border border-red-200 bg-white p-6">
          <p className="text-slate-800">{t('contact.unavailable')}</p>
          <button
            type="button"
            onClick={() => void refetch()}
            className="mt-3 rounded-lg bg-emerald-800 px-4 py-2 font-semibold text-white hover:bg-emerald-900"
          >
            {t('contact.retry')}
          </button>
        </div>
      ) : null}
      {contacts ? (
        <dl className="mt-8 grid gap-4 sm:grid-cols-2">
          <div className="rounded-2xl border border-slate-200 bg-white p-6">
            <dt className="text-sm font-semibold text-slate-600">{t('contact.phoneTitle')}</dt>
            <dd className="mt-1 text-xl font-bold">
              <a
                href={`tel:${contacts.phone.replace(/\s+/g, '')}`}
                className="text-emerald-900 hover:underline"
              >
                {contacts.phone}
              </a>
            </dd>
          </div>
          <div className="rounded-2xl border border-slate-200 bg-white p-6">
            <dt className="text-sm font-semibold text-slate-600">{t('contact.emailTitle')}</dt>
            <dd className="mt-1 text-xl font-bold break-all">
              <a href={`mailto:${contacts.email}`} className="text-emerald-900 hover:underline">
                {contacts.email}
              </a>
            </dd>
          </div>
          <div className="rounded-2xl border border-slate-200 bg-white p-6">
            <dt className="text-sm font-semibold text-slate-600">{t('contact.addressTitle')}</dt>
            <dd className="mt-1 text-slate-900">{contacts.address}</dd>
          </div>
          <div className="rounded-2xl border border-slate-200 bg-white p-6">
            <dt className="text-sm font-semibold text-slate-600">{t('contact.hoursTitle')}</dt>
            <dd className="mt-1 font-semibold text-emerald-900">{t('contact.hours')}</dd>
          </div>
        </dl>
      ) : null}
    </div>
  );
}
