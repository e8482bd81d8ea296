import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { IntermediaryLogo } from '../../../components/intermediary-logo';
import { QueryStatus } from '../../../components/query-status';
import { ScreenHeading } from '../../../components/screen-heading';
import { StatusBadge } from '../../../components/status-badge';
import { SummaryList } from '../../../components/summary-list';
import { buttonPrimary, buttonSecondary, cardClass, linkButton } from '../../../components/ui';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { categoryTone, intermediaryQueryOptions } from '../../../lib/intermediaries';
import { t } from '../i18n';

/** One firm's page: logo, name, category, licence, contacts, address and description; Ask for a quote. */
export default function IntermediaryDetailRoute() {
  const { id = '' } = useParams();
  const intermediaryId = Number(id);
  const isValidId = Number.isInteger(intermediaryId) && intermediaryId > 0;
  const firm = useQuery({ ...intermediaryQueryOptions(intermediaryId), enabled: isValidId });
  const isNotFound =
    !isValidId || (firm.error instanceof ApiError && [400, 404].includes(firm.error.httpStatus));

  const back = (
    <Link to={paths.portalIntermediaries.getHref()} className={`${linkButton} inline-block`}>
      {t('portal.intermediaries.back')}
    </Link>
  );

  if (isNotFound) {
    return (
      <div className={cardClass}>
        <ScreenHeading level={1}>{t('portal.intermediaries.notFound')}</ScreenHeading>
        <div className="mt-4">{back}</div>
      </div>
    );
  }

  return (
    <div>
      {back}
      <QueryStatus isPending={firm.isPending} isError={firm.isError} onRetry={() => void firm.refetch()} />
      {firm.data ? (
        <article className={`${cardClass} mt-4`}>
          <div className="flex flex-wrap items-center gap-4">
            <IntermediaryLogo src={firm.data.profileImage} className="size-20" />
            <div className="min-w-0 flex-1">
              <ScreenHeading level={1}>{firm.data.intermediaryNames}</ScreenHeading>
              <div className="mt-2">
                <StatusBadge label={firm.data.category} tone={categoryTone(firm.data.category)} />
              </div>
            </div>
          </div>
          {firm.data.description ? <p className="mt-4 text-slate-800">{firm.data.description}</p> : null}
          <div className="mt-4">
            <SummaryList
              rows={[
                { label: t('portal.intermediaries.fields.category'), value: firm.data.category },
                { label: t('portal.intermediaries.fields.licence'), value: firm.data.iraLicenceNumber },
                {
                  label: t('portal.intermediaries.fields.email'),
                  value: (
                    <a href={`mailto:${firm.data.primaryEmail}`} className={linkButton}>
                      {firm.data.primaryEmail}
                    </a>
                  ),
                },
                {
                  label: t('portal.intermediaries.fields.phone'),
                  value: (
                    <a href={`tel:${firm.data.phone.replace(/\s/g, '')}`} className={linkButton}>
                      {firm.data.phone}
                    </a>
                  ),
                },
                { label: t('portal.intermediaries.fields.address'), value: firm.data.physicalAddress },
              ]}
            />
          </div>
          <div className="mt-6 flex flex-wrap gap-3">
            <Link
              to={paths.motorHelp.getHref(firm.data.id)}
              state={{ intermediaryId: firm.data.id }}
              className={buttonPrimary}
            >
              {t('portal.intermediaries.askForQuote')}
            </Link>
            <Link
              to={paths.portalChats.getHref({ with: 'intermediary', intermediaryId: firm.data.id })}
              className={buttonSecondary}
            >
              {t('portal.intermediaries.chat')}
            </Link>
            <Link to={paths.portalIntermediaries.getHref()} className={buttonSecondary}>
              {t('portal.intermediaries.back')}
            </Link>
          </div>
        </article>
      ) : null}
    </div>
  );
}
