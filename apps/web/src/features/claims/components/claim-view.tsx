import { CLAIM_DOCUMENT_LABELS, type ClaimDocumentType } from '@bima/domain/claims';
import { formatKes } from '@bima/domain/money';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Card } from '../../../components/card';
import { DataTable } from '../../../components/data-table';
import { formatFileSize } from '../../../components/file-size';
import { FileUpload } from '../../../components/file-upload';
import { SummaryList } from '../../../components/summary-list';
import { inputClass, labelClass, linkButton } from '../../../components/ui';
import { formatIsoDate, formatKenyaDateTime } from '../../../lib/dates';
import { domainText } from '../../../lib/domain-text';
import { useLanguage } from '../../../lib/i18n';
import { type ClaimDetails, type ClaimFile, type ClaimsSide, claimUploadUrl } from '../api/claims';
import { t } from '../i18n';

const documentLabel = (type: string) => domainText(CLAIM_DOCUMENT_LABELS[type as ClaimDocumentType] ?? type);

/** The claim's facts and amounts. */
export function ClaimSummary({ claim }: { claim: ClaimDetails }) {
  const none = t('claims.detail.none');
  const other = claim.otherParty;
  return (
    <Card title={t('claims.detail.summary')}>
      <SummaryList
        rows={[
          {
            label: t('claims.detail.policy'),
            value: claim.policy
              ? `${claim.policy.policyNumber} (${claim.policy.productName}, ${claim.policy.underwriter})`
              : none,
          },
          ...(claim.client
            ? [
                {
                  label: t('claims.detail.client'),
                  value: claim.client.email
                    ? `${claim.client.name}, ${claim.client.email}`
                    : claim.client.name,
                },
              ]
            : []),
          { label: t('claims.detail.type'), value: t(`claims.type.${claim.type}`) },
          { label: t('claims.detail.incidentDate'), value: formatIsoDate(claim.incidentDate) },
          { label: t('claims.detail.place'), value: claim.place },
          { label: t('claims.detail.description'), value: claim.description },
          { label: t('claims.detail.obNumber'), value: claim.obNumber ?? none },
          {
            label: t('claims.detail.otherParty'),
            value: other
              ? [other.name, other.phone, other.vehicleRegistration, other.insurer].filter(Boolean).join(', ')
              : none,
          },
          { label: t('claims.detail.excess'), value: formatKes(claim.excess) },
          { label: t('claims.detail.sumInsured'), value: formatKes(claim.sumInsured) },
          { label: t('claims.detail.assessor'), value: claim.assessor?.name ?? none },
          {
            label: t('claims.detail.assessedLoss'),
            value: claim.assessedLoss === null ? none : formatKes(claim.assessedLoss),
          },
          {
            label: t('claims.detail.agreedLoss'),
            value: claim.agreedLoss === null ? none : formatKes(claim.agreedLoss),
          },
          {
            label: t('claims.detail.approvedAmount'),
            value: claim.approvedAmount === null ? none : formatKes(claim.approvedAmount),
          },
          ...(claim.declineReason
            ? [{ label: t('claims.detail.declineReason'), value: claim.declineReason }]
            : []),
        ]}
      />
    </Card>
  );
}

/** The guided list of documents: what the type needs and the insurer asked for, received or missing. */
export function ClaimChecklist({ claim }: { claim: ClaimDetails }) {
  const all = [...new Set([...claim.documents.required, ...claim.documents.requested])];
  const missing = new Set(claim.documents.missing);
  const language = useLanguage();
  const formHintId = useId();
  return (
    <Card title={t('claims.detail.checklist')}>
      <p className="text-slate-700">{t('claims.detail.checklistIntro')}</p>
      <ul className="mt-3 space-y-2" aria-label={t('claims.detail.checklist')}>
        {all.map((type) => (
          <li
            key={type}
            className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-100 pb-2"
          >
            <span className="text-slate-900">
              {documentLabel(type)}
              {claim.documents.requested.includes(type) ? (
                <span className="text-sm text-slate-700"> ({t('claims.detail.requested')})</span>
              ) : null}
            </span>
            <span
              className={`text-sm font-semibold ${missing.has(type) ? 'text-amber-900' : 'text-emerald-800'}`}
            >
              {missing.has(type) ? t('claims.detail.missing') : t('claims.detail.received')}
            </span>
          </li>
        ))}
      </ul>
      {missing.size === 0 ? (
        <p className="mt-3 font-semibold text-emerald-800">{t('claims.detail.allReceived')}</p>
      ) : null}
      {claim.claimFormUrl && all.includes('claim_form') ? (
        <p className="mt-4">
          <a
            href={`${claim.claimFormUrl}?lang=${language}`}
            className={linkButton}
            aria-describedby={formHintId}
            download
          >
            {t('claims.detail.claimForm')}
          </a>
          <span id={formHintId} className="mt-1 block text-sm text-slate-700">
            {t('claims.detail.claimFormHint')}
          </span>
        </p>
      ) : null}
    </Card>
  );
}

/** The claim's files (signed links) and, while it is open, the upload of more. */
export function ClaimFiles({ claim, side }: { claim: ClaimDetails; side: ClaimsSide }) {
  const queryClient = useQueryClient();
  const categoryId = useId();
  const [category, setCategory] = useState<string>(claim.documents.missing[0] ?? 'damage_photos');
  const options = [
    ...new Set([
      ...claim.documents.missing,
      ...claim.documents.required,
      ...claim.documents.requested,
      'other',
    ]),
  ];
  return (
    <Card title={t('claims.detail.files')}>
      <DataTable<ClaimFile>
        caption={t('claims.detail.fileCaption')}
        hideCaption
        columns={[
          {
            key: 'name',
            header: t('claims.detail.fileName'),
            isRowHeader: true,
            cell: (file) => (
              <a
                href={file.url}
                target="_blank"
                rel="noreferrer"
                className={`${linkButton} [overflow-wrap:anywhere]`}
              >
                {file.name}
              </a>
            ),
          },
          { key: 'kind', header: t('claims.detail.fileKind'), cell: (file) => documentLabel(file.category) },
          {
            key: 'size',
            header: t('claims.detail.fileSize'),
            cell: (file) => formatFileSize(file.size),
            align: 'right',
            className: 'whitespace-nowrap',
          },
          {
            key: 'date',
            header: t('claims.detail.fileDate'),
            cell: (file) => formatKenyaDateTime(file.createdAt),
            className: 'whitespace-nowrap',
          },
        ]}
        rows={claim.files}
        rowKey={(file) => file.id}
        emptyText={t('claims.detail.noFiles')}
      />
      {claim.canUpload ? (
        <div className="mt-5 border-t border-slate-200 pt-4">
          <h3 className="text-lg font-bold text-slate-900">{t('claims.detail.upload')}</h3>
          <label htmlFor={categoryId} className={`mt-3 block ${labelClass}`}>
            {t('claims.detail.uploadCategory')}
          </label>
          <select
            id={categoryId}
            className={inputClass}
            value={category}
            onChange={(event) => setCategory(event.target.value)}
          >
            {options.map((type) => (
              <option key={type} value={type}>
                {documentLabel(type)}
              </option>
            ))}
          </select>
          <div className="mt-3">
            <FileUpload
              url={claimUploadUrl(claim.id, category)}
              label={t('claims.detail.uploadLabel')}
              hint={t('claims.detail.uploadHint')}
              onUploaded={() =>
                void queryClient.invalidateQueries({ queryKey: ['claims', side, 'claim', claim.id] })
              }
            />
          </div>
        </div>
      ) : null}
    </Card>
  );
}

/** Every step with who took it and when; payments with their state. */
export function ClaimTimeline({ claim }: { claim: ClaimDetails }) {
  return (
    <Card title={t('claims.detail.timeline')}>
      <ol className="space-y-3 border-l-2 border-emerald-700 pl-4" aria-label={t('claims.detail.timeline')}>
        {claim.timeline.map((step) => (
          <li key={step.id}>
            <p className="font-semibold text-slate-900">{t(`claims.event.${step.event}`)}</p>
            <p className="text-sm text-slate-700">
              <time dateTime={step.at}>{formatKenyaDateTime(step.at)}</time>
              {step.by
                ? ` · ${step.by.organisation ? t('claims.detail.timelineByOrg', { name: step.by.name, organisation: step.by.organisation }) : t('claims.detail.timelineBy', { name: step.by.name })}`
                : ''}
            </p>
            {step.note ? <p className="mt-1 text-slate-800">{step.note}</p> : null}
          </li>
        ))}
      </ol>
      {claim.settlements.length > 0 ? (
        <>
          <h3 className="mt-5 text-lg font-bold text-slate-900">{t('claims.detail.settlements')}</h3>
          <ul className="mt-2 space-y-2">
            {claim.settlements.map((settlement) => (
              <li key={settlement.createdAt} className="text-slate-800">
                {settlement.method === 'mpesa'
                  ? t('claims.detail.settlementMpesa', {
                      amount: formatKes(settlement.amount),
                      phone: settlement.phone ?? '',
                    })
                  : t('claims.detail.settlementGarage', {
                      amount: formatKes(settlement.amount),
                      garage: settlement.garageName ?? '',
                    })}
                {' — '}
                <strong>{t(`claims.detail.settlementStatus.${settlement.status}`)}</strong>
                {settlement.reference
                  ? ` · ${t('claims.detail.reference', { reference: settlement.reference })}`
                  : ''}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </Card>
  );
}
