import { useState } from 'react';
import { formatFileSize } from '../../../components/file-size';
import { buttonPrimary, cardClass } from '../../../components/ui';
import { domainText } from '../../../lib/domain-text';
import { downloadMyData, ExportError } from '../api/privacy';
import { t } from '../i18n';

type DownloadState =
  | { step: 'idle' }
  | { step: 'preparing'; received: number }
  | { step: 'done'; name: string }
  | { step: 'failed'; message: string };

/** "Download my data": one zip of everything the portal holds, with what has arrived so far. */
export function DownloadPanel() {
  const [state, setState] = useState<DownloadState>({ step: 'idle' });

  const start = async () => {
    setState({ step: 'preparing', received: 0 });
    try {
      const name = await downloadMyData((received) => setState({ step: 'preparing', received }));
      setState({ step: 'done', name });
    } catch (error) {
      const message =
        error instanceof ExportError && error.status === 429
          ? t('privacy.download.limit')
          : error instanceof ExportError && error.message
            ? domainText(error.message)
            : t('privacy.download.failed');
      setState({ step: 'failed', message });
    }
  };

  return (
    <section aria-labelledby="privacy-download-heading" className={cardClass}>
      <h2 id="privacy-download-heading" className="text-lg font-bold text-slate-900">
        {t('privacy.download.title')}
      </h2>
      <p className="mt-1 text-slate-700">{t('privacy.download.intro')}</p>
      <button
        type="button"
        className={`${buttonPrimary} mt-3 w-full sm:w-auto`}
        disabled={state.step === 'preparing'}
        onClick={() => void start()}
      >
        {t('privacy.download.button')}
      </button>
      <div aria-live="polite" className="mt-3">
        {state.step === 'preparing' ? (
          <p role="status" className="text-slate-800">
            {state.received > 0
              ? t('privacy.download.received', { size: formatFileSize(state.received) })
              : t('privacy.download.preparing')}
          </p>
        ) : null}
        {state.step === 'done' ? (
          <p className="font-semibold text-emerald-900">{t('privacy.download.done', { name: state.name })}</p>
        ) : null}
      </div>
      {state.step === 'failed' ? (
        <p role="alert" className="mt-3 font-semibold text-red-800">
          {state.message}
        </p>
      ) : null}
    </section>
  );
}
