import { CERTIFICATE_STATUS_LABELS, CERTIFICATE_TYPE_LABELS, type CertificateCheck } from '@bima/domain';
import type { ActionOutput } from '@bima/domain/contract';
import { Card } from '../../../components/card';
import { StatusBadge, type StatusTone } from '../../../components/status-badge';
import { SummaryList } from '../../../components/summary-list';
import { formatIsoDate } from '../../../lib/dates';
import { domainText } from '../../../lib/domain-text';
import { t } from '../i18n';

const TONES: Record<CertificateCheck['status'], StatusTone> = {
  VALID: 'success',
  EXPIRED: 'warning',
  CANCELLED: 'danger',
  NOT_YET_VALID: 'info',
  UNKNOWN: 'neutral',
};

/**
 * A check's answer: the status in words (the badge's colour only repeats it), who answered (DMVIC,
 * or our own records when DMVIC did not) and what the certificate shows.
 */
export function CheckResult({
  check,
}: {
  check: ActionOutput<'underwriting/certificate/verifyCertificate'>;
}) {
  const status = domainText(CERTIFICATE_STATUS_LABELS[check.status]);
  const certificate = check.certificate;
  return (
    <Card title={t('verify.resultTitle', { status })}>
      <p className="text-slate-800">
        <StatusBadge label={status} tone={TONES[check.status]} />{' '}
        {t('verify.checkedOn', { date: formatIsoDate(check.checkedOn) })}
      </p>
      <p className={check.source === 'DMVIC' ? 'mt-2 text-slate-800' : 'mt-2 font-semibold text-amber-900'}>
        {check.source === 'DMVIC' ? t('verify.source.DMVIC') : t('verify.source.portalRecords')}
      </p>
      {certificate ? (
        <div className="mt-3">
          <SummaryList
            rows={[
              { label: t('verify.fields.certificateNumber'), value: certificate.certificateNumber },
              { label: t('verify.fields.registrationNumber'), value: certificate.registrationNumber },
              { label: t('verify.fields.makeModel'), value: certificate.makeModel || '—' },
              { label: t('verify.fields.insurer'), value: certificate.insurer },
              {
                label: t('verify.fields.type'),
                value: domainText(CERTIFICATE_TYPE_LABELS[certificate.type]),
              },
              {
                label: t('verify.fields.period'),
                value: t('verify.period', {
                  start: formatIsoDate(certificate.startDate),
                  end: formatIsoDate(certificate.endDate),
                }),
              },
              { label: t('verify.fields.insuredName'), value: certificate.insuredName },
            ]}
          />
        </div>
      ) : (
        <p className="mt-3 text-slate-800">{t('verify.unknown')}</p>
      )}
    </Card>
  );
}
