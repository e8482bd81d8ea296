import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { t } from '../../../lib/i18n';

const steps = ['about.how1', 'about.how2', 'about.how3', 'about.how4'];
const reasons = ['about.why1', 'about.why2', 'about.why3'];

export default function AboutUsRoute() {
  return (
    <div className="mx-auto max-w-4xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">
        {t('about.title')}
      </h1>
      <p className="mt-4 text-lg text-slate-700">{t('about.intro')}</p>

      <section aria-labelledby="mission" className="mt-10 rounded-2xl bg-emerald-50 p-6">
        <h2 id="mission" className="text-xl font-bold text-emerald-950">
          {t('about.missionTitle')}
        </h2>
        <p className="mt-2 text-emerald-950">{t('about.mission')}</p>
      </section>

      <section aria-labelledby="how" className="mt-10">
        <h2 id="how" className="text-xl font-bold text-slate-900">
          {t('about.howTitle')}
        </h2>
        <ol className="mt-4 grid gap-4 sm:grid-cols-2">
          {steps.map((key, index) => (
            <li key={key} className="flex gap-3 rounded-xl border border-slate-200 bg-white p-4">
              <span
                aria-hidden="true"
                className="flex size-8 shrink-0 items-center justify-center rounded-full bg-emerald-800 font-bold text-white"
              >
                {index + 1}
              </span>
              <span className="text-slate-800">{t(key)}</span>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="why" className="mt-10">
        <h2 id="why" className="text-xl font-bold text-slate-900">
          {t('about.whyTitle')}
        </h2>
        <ul className="mt-4 space-y-3">
          {reasons.map((key) => (
            <li key={key} className="flex gap-3 text-slate-800">
              <span aria-hidden="true" className="text-emerald-700">
                ✓
              </span>
              {t(key)}
            </li>
          ))}
        </ul>
      </section>

      <Link
        to={paths.insurance.getHref()}
        className="mt-10 inline-block rounded-lg bg-emerald-800 px-5 py-3 font-semibold text-white hover:bg-emerald-900"
      >
        {t('about.cta')}
      </Link>
    </div>
  );
}
