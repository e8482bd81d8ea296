import type { ConsentPurpose } from '@bima/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { StatusBadge } from '../../../components/status-badge';
import { buttonSmall, cardClass } from '../../../components/ui';
import { ApiError } from '../../../lib/api-client';
import { formatKenyaDateTime } from '../../../lib/dates';
import { domainText } from '../../../lib/domain-text';
import { notify } from '../../../lib/notifications';
import { type ConsentView, PRIVACY_KEY, type Privacy, setConsent } from '../api/privacy';
import { t } from '../i18n';

const CHANNEL_KEYS: Record<string, string> = {
  privacy: 'privacy.consents.channelPrivacy',
  kyc: 'privacy.consents.channelKyc',
  assessment: 'privacy.consents.channelAssessment',
  'sign-up': 'privacy.consents.channelSignUp',
};

const channelName = (channel: string | null) => (channel ? t(CHANNEL_KEYS[channel] ?? channel) : '');

const firmOf = (consent: ConsentView) => consent.firmName ?? t('privacy.consents.aFirm');

/** A consent's name and what it allows, in the reader's language. */
function describe(consent: ConsentView): { name: string; text: string } {
  const by: Record<ConsentPurpose, () => { name: string; text: string }> = {
    marketing_email: () => ({
      name: t('privacy.consents.marketingName'),
      text: t('privacy.consents.marketingText'),
    }),
    identity_check: () => ({
      name: t('privacy.consents.identityName'),
      text: t('privacy.consents.identityText'),
    }),
    assessment_sharing: () => ({
      name: t('privacy.consents.sharingName', { firm: firmOf(consent) }),
      text: t('privacy.consents.sharingText', { firm: firmOf(consent) }),
    }),
  };
  return by[consent.purpose]();
}

/**
 * The client's consents with when and where each was given, a Withdraw (or Give) button each, and
 * the history of every choice. Assessment sharing is given on the Assessment screen (it names a
 * firm), so here it can only be withdrawn.
 */
export function ConsentsPanel({ privacy }: { privacy: Privacy }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<string | null>(null);
  const keyOf = (consent: ConsentView) => `${consent.purpose}:${consent.intermediaryId ?? ''}`;
  const shown = privacy.consents.filter(
    (consent) => consent.purpose !== 'assessment_sharing' || consent.granted,
  );
  const hasSharing = shown.some((consent) => consent.purpose === 'assessment_sharing');

  const change = async (consent: ConsentView, granted: boolean) => {
    const { name } = describe(consent);
    setBusy(keyOf(consent));
    try {
      const saved = await setConsent({
        purpose: consent.purpose,
        granted,
        ...(consent.intermediaryId ? { intermediaryId: consent.intermediaryId } : {}),
      });
      queryClient.setQueryData<Privacy>(PRIVACY_KEY, saved);
      notify({
        type: 'success',
        title: granted
          ? t('privacy.consents.given_saved', { name })
          : t('privacy.consents.withdrawn_saved', { name }),
      });
    } catch (error) {
      notify({
        type: 'error',
        title: t('privacy.consents.failed'),
        message:
          error instanceof ApiError && error.err_msg
            ? domainText(error.err_msg)
            : t('privacy.consents.tryAgain'),
      });
    } finally {
      setBusy(null);
    }
  };

  return (
    <section aria-labelledby="privacy-consents-heading" className={cardClass}>
      <h2 id="privacy-consents-heading" className="text-lg font-bold text-slate-900">
        {t('privacy.consents.title')}
      </h2>
      <p className="mt-1 text-slate-700">{t('privacy.consents.intro')}</p>
      <ul className="mt-3 divide-y divide-slate-200">
        {shown.map((consent) => {
          const { name, text } = describe(consent);
          const date = consent.at ? formatKenyaDateTime(consent.at) : '';
          return (
            <li key={keyOf(consent)} className="space-y-2 py-3">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h3 className="font-semibold text-slate-900">{name}</h3>
                <StatusBadge
                  label={
                    consent.granted ? t('privacy.consents.statusGiven') : t('privacy.consents.statusNotGiven')
                  }
                  tone={consent.granted ? 'success' : 'neutral'}
                />
              </div>
              <p className="text-sm text-slate-700">{text}</p>
              <p className="text-sm text-slate-800">
                {consent.at
                  ? consent.granted
                    ? t('privacy.consents.given', { date, channel: channelName(consent.channel) })
                    : t('privacy.consents.withdrawnOn', { date, channel: channelName(consent.channel) })
                  : t('privacy.consents.notGiven')}
              </p>
              {consent.granted || consent.purpose !== 'assessment_sharing' ? (
                <button
                  type="button"
                  className={buttonSmall}
                  disabled={busy === keyOf(consent)}
                  aria-label={
                    consent.granted
                      ? t('privacy.consents.withdrawLabel', { name })
                      : t('privacy.consents.giveLabel', { name })
                  }
                  onClick={() => void change(consent, !consent.granted)}
                >
                  {consent.granted ? t('privacy.consents.withdraw') : t('privacy.consents.give')}
                </button>
              ) : null}
            </li>
          );
        })}
      </ul>
      {hasSharing ? null : <p className="mt-2 text-sm text-slate-700">{t('privacy.consents.noSharing')}</p>}
      <details className="mt-3">
        <summary className="cursor-pointer font-semibold text-emerald-900">
          {t('privacy.consents.history')}
        </summary>
        {privacy.history.length === 0 ? (
          <p className="mt-2 text-sm text-slate-700">{t('privacy.consents.historyEmpty')}</p>
        ) : (
          <ol className="mt-2 space-y-1 text-sm text-slate-800">
            {[...privacy.history].reverse().map((entry) => {
              const values = {
                date: entry.at ? formatKenyaDateTime(entry.at) : '',
                name: describe(entry).name,
                channel: channelName(entry.channel),
                version: entry.wordingVersion,
              };
              return (
                <li key={`${entry.at}-${entry.purpose}-${entry.intermediaryId ?? ''}-${entry.granted}`}>
                  {entry.granted
                    ? t('privacy.consents.historyGiven', values)
                    : t('privacy.consents.historyWithdrawn', values)}
                </li>
              );
            })}
          </ol>
        )}
      </details>
    </section>
  );
}
