import type { ActionOutput } from '@bima/domain/contract';
import { documentLink } from '../lib/document-link';
import { t } from './i18n';
import { linkButton } from './ui';

type Certificate = NonNullable<ActionOutput<'client/policy/getPolicy'>['certificate']>;

/**
 * A motor policy's certificate of insurance as the client sees it: DMVIC's PDF to download once
 * issued (its number and type), "Certificate being issued" while DMVIC has not issued it yet, or that
 * it was cancelled. The policy page and the purchase confirmations show it alike.
 */
export function CertificateLine({ certificate, link }: { certificate: Certificate; link: string | null }) {
  if (certificate.status === 'pending' || !certificate.number) {
    return (
      <p role="status" className="text-slate-800">
        <span className="font-semibold">{t('components.certificate.pending')}</span>{' '}
        {t('components.certificate.pendingHint')}
      </p>
    );
  }
  if (certificate.status !== 'issued') {
    return (
      <p className="text-slate-800">
        {t('components.certificate.cancelled', { number: certificate.number, type: certificate.type })}
      </p>
    );
  }
  const label =
    certificate.issuer === 'DMVIC'
      ? t('components.certificate.download', { number: certificate.number, type: certificate.type })
      : t('components.certificate.downloadOwn', { number: certificate.number, type: certificate.type });
  return link ? (
    <a href={documentLink(link)} download className={linkButton}>
      {label}
    </a>
  ) : (
    <p className="text-slate-800">{label}</p>
  );
}

/** While DMVIC has not issued a policy's certificate, its page asks again every few seconds. */
export const CERTIFICATE_POLL_MS = 4_000;

/** Document links last 10 minutes: a policy query asks for fresh ones well before (lib/policies). */
const LINK_REFRESH_MS = 5 * 60_000;

/** A refetch interval for a policy query: soon while its certificate is pending, else `otherwise`. */
export function whileCertificatePending(otherwise: number | false = LINK_REFRESH_MS) {
  return (query: { state: { data?: { certificate?: { status: string } | null } } }) =>
    query.state.data?.certificate?.status === 'pending' ? CERTIFICATE_POLL_MS : otherwise;
}
