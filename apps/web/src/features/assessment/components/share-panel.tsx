import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { StatusBadge } from '../../../components/status-badge';
import { buttonSmall, cardClass, linkButton } from '../../../components/ui';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { formatKenyaShortDate } from '../../../lib/dates';
import { domainText } from '../../../lib/domain-text';
import { notify } from '../../../lib/notifications';
import {
  type LinkedIntermediary,
  OWN_ASSESSMENT_KEY,
  type OwnAssessment,
  shareAssessment,
  unshareAssessment,
} from '../api/assessment';
import { t } from '../i18n';

/**
 * Sharing the assessment with the brokers and agents the client already works with: each share is
 * the client's consent, shown with its date and withdrawn with one button.
 */
export function SharePanel({ intermediaries }: { intermediaries: LinkedIntermediary[] }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<number | null>(null);

  const toggle = async (firm: LinkedIntermediary) => {
    setBusy(firm.id);
    try {
      const saved = await (firm.isShared ? unshareAssessment(firm.id) : shareAssessment(firm.id));
      queryClient.setQueryData<OwnAssessment>(OWN_ASSESSMENT_KEY, saved);
      notify({
        type: 'success',
        title: firm.isShared
          ? t('assessment.share.stopped', { name: firm.name })
          : t('assessment.share.done', { name: firm.name }),
      });
    } catch (error) {
      notify({
        type: 'error',
        title: t('assessment.share.failed'),
        message:
          error instanceof ApiError && error.err_msg
            ? domainText(error.err_msg)
            : t('assessment.form.tryAgain'),
      });
    } finally {
      setBusy(null);
    }
  };

  return (
    <section aria-labelledby="assessment-share-heading" className={`${cardClass} mt-6`}>
      <h2 id="assessment-share-heading" className="text-lg font-bold text-slate-900">
        {t('assessment.share.title')}
      </h2>
      <p className="mt-1 text-slate-700">{t('assessment.share.intro')}</p>
      {intermediaries.length === 0 ? (
        <p className="mt-3 text-slate-800">
          {t('assessment.share.none')}{' '}
          <Link to={paths.portalIntermediaries.getHref()} className={linkButton}>
            {t('assessment.share.find')}
          </Link>
        </p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-200">
          {intermediaries.map((firm) => (
            <li key={firm.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div>
                <p className="font-semibold text-slate-900">{firm.name}</p>
                {firm.isShared && firm.sharedAt ? (
                  <p className="text-sm text-slate-700">
                    <StatusBadge label={t('assessment.share.shared')} tone="success" />{' '}
                    {t('assessment.share.since', { date: formatKenyaShortDate(firm.sharedAt) })}
                  </p>
                ) : null}
              </div>
              <button
                type="button"
                className={buttonSmall}
                disabled={busy === firm.id}
                onClick={() => void toggle(firm)}
                aria-label={
                  firm.isShared
                    ? t('assessment.share.stopWith', { name: firm.name })
                    : t('assessment.share.shareWith', { name: firm.name })
                }
              >
                {firm.isShared ? t('assessment.share.stop') : t('assessment.share.share')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
