import { formatKenyaDateTime } from '../lib/dates';
import type { JourneyLinkView } from '../lib/use-journey-link';
import { ErrorSummary } from './error-summary';
import { t } from './i18n';
import { ShareLinkButton } from './share-link-button';
import { buttonSecondary } from './ui';

/**
 * Above a single-address wizard: its link's messages (damaged, a product no longer offered) and,
 * when a signed-in client's draft was opened, when it was saved with "Start a new quote" one tap away.
 */
export function JourneyLinkStatus({ view }: { view: JourneyLinkView }) {
  return (
    <>
      <ErrorSummary errors={view.messages.map((message) => ({ message }))} />
      {view.restoredAt ? (
        <div role="status" className="rounded-2xl border border-sky-200 bg-sky-50 p-4 text-sky-950 sm:p-5">
          <p className="font-semibold">{t('components.journeyLink.restoredTitle')}</p>
          <p className="mt-1">
            {t('components.journeyLink.restoredText', { time: formatKenyaDateTime(view.restoredAt) })}
          </p>
          <button type="button" onClick={view.startAfresh} className={`${buttonSecondary} mt-3`}>
            {t('components.journeyLink.startNew')}
          </button>
        </div>
      ) : null}
    </>
  );
}

/** Shown instead of the wizard's step while its link or draft is being opened. */
export function JourneyOpening() {
  return (
    <p
      role="status"
      className="rounded-2xl border border-slate-200 bg-white p-5 font-semibold text-slate-900"
    >
      {t('components.journeyLink.opening')}
    </p>
  );
}

/** "Share this quote": the link reopens the wizard with the same choices, in any browser. */
export function ShareJourneyButton({
  view,
  title,
  text,
}: {
  view: Pick<JourneyLinkView, 'shareHref'>;
  title: string;
  text: string;
}) {
  return (
    <ShareLinkButton
      label={t('components.journeyLink.share')}
      title={title}
      text={text}
      getUrl={() => view.shareHref() ?? window.location.href}
    />
  );
}
