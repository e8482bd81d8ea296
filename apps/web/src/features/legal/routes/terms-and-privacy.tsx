import { useEffect } from 'react';
import { Breadcrumb } from '../../../components/breadcrumb';
import { paths } from '../../../config/paths';
import { t } from '../i18n';

interface Part {
  heading: string;
  /** Each section's key and how many paragraphs it has in the locale file. */
  sections: ReadonlyArray<readonly [string, number]>;
}

const PARTS: readonly Part[] = [
  {
    heading: 'legal.termsHeading',
    sections: [
      ['about', 2],
      ['account', 2],
      ['disclosure', 2],
      ['quotes', 2],
      ['payments', 2],
      ['cancellation', 2],
      ['complaints', 1],
      ['liability', 2],
    ],
  },
  {
    heading: 'legal.privacyHeading',
    sections: [
      ['data', 4],
      ['use', 3],
      ['sharing', 2],
      ['retention', 2],
      ['rights', 2],
      ['changes', 1],
    ],
  },
];

/** The terms of use and privacy notice the payment page's checkbox links to. */
export default function TermsAndPrivacyRoute() {
  useEffect(() => {
    document.title = `${t('legal.title')} | Bima Portal`;
  }, []);

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6">
      <Breadcrumb
        items={[
          { label: t('landing.breadcrumbHome'), href: paths.home.getHref() },
          { label: t('legal.title') },
        ]}
      />
      <h1 id="top" className="mt-4 text-3xl font-extrabold tracking-tight text-slate-900">
        {t('legal.title')}
      </h1>
      <p className="mt-1 text-sm text-slate-700">{t('legal.updated')}</p>
      <p className="mt-4 text-slate-800">{t('legal.intro')}</p>

      <nav
        aria-labelledby="legal-contents"
        className="mt-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
      >
        <h2 id="legal-contents" className="font-bold text-slate-900">
          {t('legal.contents')}
        </h2>
        <ol className="mt-2 space-y-1">
          {PARTS.flatMap((part) => part.sections).map(([key]) => (
            <li key={key}>
              <a
                href={`#legal-${key}`}
                className="text-emerald-800 underline underline-offset-4 hover:text-emerald-950"
              >
                {t(`legal.sections.${key}.title`)}
              </a>
            </li>
          ))}
        </ol>
      </nav>

      {PARTS.map((part) => (
        <section key={part.heading} className="mt-10" aria-labelledby={part.heading}>
          <h2 id={part.heading} className="text-2xl font-bold text-slate-900">
            {t(part.heading)}
          </h2>
          {part.sections.map(([key, count]) => (
            <section
              key={key}
              id={`legal-${key}`}
              aria-labelledby={`legal-${key}-title`}
              className="mt-6 scroll-mt-4"
            >
              <h3 id={`legal-${key}-title`} className="text-lg font-bold text-slate-900">
                {t(`legal.sections.${key}.title`)}
              </h3>
              {Array.from({ length: count }, (_, index) => `legal.sections.${key}.p${index + 1}`).map(
                (paragraph) => (
                  <p key={paragraph} className="mt-2 leading-relaxed text-slate-800">
                    {t(paragraph)}
                  </p>
                ),
              )}
            </section>
          ))}
        </section>
      ))}
      <p className="mt-10">
        <a href="#top" className="text-emerald-800 underline underline-offset-4 hover:text-emerald-950">
          {t('legal.backToTop')}
        </a>
      </p>
    </div>
  );
}
