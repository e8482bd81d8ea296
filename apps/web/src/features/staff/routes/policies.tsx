import type { PolicyCoverStatus } from '@bima/domain/backoffice-search';
import { formatKes } from '@bima/domain/money';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { IdentityStatusList } from '../../../components/identity-check';
import { t as identityText } from '../../../components/identity-i18n';
import { PagedTable } from '../../../components/paged-table';
import { ScreenHeading } from '../../../components/screen-heading';
import { StatusBadge, type StatusTone } from '../../../components/status-badge';
import { buttonPrimary, inputClass, labelClass } from '../../../components/ui';
import { usePageParam } from '../../../components/use-page-param';
import { insuredVerificationsQueryOptions } from '../api/identity';
import { type FoundPolicy, policySearchQueryOptions } from '../api/policies';
import { CertificateDesk } from '../components/certificate-desk';
import { t } from '../i18n';
import { formatDay } from '../utils/format';

const POLICY_STATUS_TONES: Record<PolicyCoverStatus, StatusTone> = {
  ACTIVE: 'success',
  NOT_YET_IN_FORCE: 'info',
  EXPIRED: 'neutral',
  CANCELLED: 'danger',
};

/** Underwriter and admin: find a policy by its number, the plate, the paying phone or the receipt. */
export default function PoliciesRoute() {
  const searchId = useId();
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState('');
  const [page, setPage] = usePageParam();
  const policies = useQuery(policySearchQueryOptions({ query, page }));
  // The insured's identity checks beside each policy on the page (one call per page).
  const shown = policies.data?.items.map((policy) => policy.policyNumber) ?? [];
  const verifications = useQuery(insuredVerificationsQueryOptions(shown));
  const checksOf = (policyNumber: string) =>
    verifications.data?.items.find((item) => item.policyNumber === policyNumber)?.checks;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setQuery(typed.trim());
    setPage(1);
  };

  return (
    <div>
      <ScreenHeading level={1}>{t('staff.policies.title')}</ScreenHeading>
      <p className="mt-2 text-slate-700">{t('staff.policies.intro')}</p>
      <form onSubmit={onSubmit} className="mt-4 flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="flex-1">
          <label htmlFor={searchId} className={`block ${labelClass}`}>
            {t('staff.policies.search')}
          </label>
          <input
            id={searchId}
            type="search"
            className={inputClass}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            maxLength={60}
          />
        </div>
        <button type="submit" className={buttonPrimary}>
          {t('staff.policies.submit')}
        </button>
      </form>
      {query.length < 3 ? <p className="mt-4 text-slate-700">{t('staff.policies.prompt')}</p> : null}
      {query.length >= 3 ? (
        <PagedTable<FoundPolicy>
          query={policies}
          page={page}
          onPageChange={setPage}
          pagesLabel={t('staff.policies.pages')}
          caption={t('staff.policies.caption')}
          hideCaption
          isScrollFocusable
          columns={[
            {
              key: 'policy',
              header: t('staff.policies.policyNumber'),
              cell: (policy) => policy.policyNumber,
              isRowHeader: true,
              className: 'font-semibold whitespace-nowrap',
            },
            {
              key: 'status',
              header: t('staff.policies.status'),
              cell: (policy) => (
                <span className="flex flex-wrap gap-1">
                  <StatusBadge
                    label={t(`staff.policies.statuses.${policy.status}`)}
                    tone={POLICY_STATUS_TONES[policy.status]}
                  />
                  {policy.isFinanced ? (
                    <StatusBadge label={t('staff.policies.financed')} tone="info" />
                  ) : null}
                </span>
              ),
            },
            {
              key: 'client',
              header: t('staff.policies.client'),
              cell: (policy) => (
                <>
                  {policy.client.names}
                  <br />
                  <span className="break-all text-slate-700">{policy.client.email}</span>
                </>
              ),
            },
            {
              key: 'identity',
              header: identityText('identity.staff.column'),
              cell: (policy) => {
                const checks = checksOf(policy.policyNumber);
                return checks ? <IdentityStatusList checks={checks} compact /> : t('staff.na');
              },
            },
            {
              key: 'registration',
              header: t('staff.policies.registration'),
              cell: (policy) => policy.registration ?? t('staff.na'),
            },
            {
              key: 'product',
              header: t('staff.policies.product'),
              cell: (policy) => `${policy.productName} (${policy.underwriter})`,
            },
            {
              key: 'premium',
              header: t('staff.policies.premium'),
              cell: (policy) => formatKes(policy.premium),
              align: 'right',
              className: 'tabular-nums whitespace-nowrap',
            },
            {
              key: 'receipt',
              header: t('staff.policies.receipt'),
              cell: (policy) => policy.receiptNumber ?? t('staff.na'),
            },
            {
              key: 'cover',
              header: t('staff.policies.cover'),
              cell: (policy) =>
                t('staff.policies.coverPeriod', {
                  start: formatDay(policy.startDate),
                  end: formatDay(policy.endDate),
                }),
            },
          ]}
          rowKey={(policy) => policy.policyNumber}
          emptyText={t('staff.policies.empty')}
        />
      ) : null}
      <CertificateDesk />
    </div>
  );
}
