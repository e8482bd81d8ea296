import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { documentLink } from '../lib/document-link';
import { policyQueryOptions } from '../lib/policies';
import { CertificateLine, whileCertificatePending } from './certificate-line';
import { t } from './i18n';
import { cardClass, linkButton } from './ui';

/**
 * The documents of a policy just bought, by its number: the schedule, the payment receipt and, for
 * a motor policy, the certificate of insurance, as download links (renewed while the page is open).
 * The motor private and motor commercial confirmations both show it.
 */
export function PolicyDocuments({ policyNumber }: { policyNumber: string }) {
  const headingId = useId();
  const options = policyQueryOptions(policyNumber);
  // While DMVIC issues the certificate, ask again every few seconds so it appears by itself.
  const policy = useQuery({
    ...options,
    refetchInterval: whileCertificatePending(),
  });
  const documents = policy.data?.documents;
  const certificate = policy.data?.certificate;
  return (
    <section aria-labelledby={headingId} className={cardClass}>
      <h3 id={headingId} className="text-lg font-bold text-slate-900">
        {t('components.policyDocuments.title')}
      </h3>
      {documents ? (
        <>
          <ul className="mt-3 space-y-2">
            <li>
              <a href={documentLink(documents.schedule)} download className={linkButton}>
                {t('components.policyDocuments.schedule')}
              </a>
            </li>
            <li>
              <a href={documentLink(documents.receipt)} download className={linkButton}>
                {t('components.policyDocuments.receipt')}
              </a>
            </li>
            {certificate ? (
              <li>
                <CertificateLine certificate={certificate} link={documents.certificate} />
              </li>
            ) : null}
          </ul>
          <p className="mt-3 text-sm text-slate-700">{t('components.policyDocuments.hint')}</p>
        </>
      ) : policy.isError ? (
        <p className="mt-2 text-slate-800">{t('components.policyDocuments.failed')}</p>
      ) : (
        <p role="status" className="mt-2 text-slate-800">
          {t('components.policyDocuments.loading')}
        </p>
      )}
    </section>
  );
}
