import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/button';
import { IntermediaryLogo } from '../../../components/intermediary-logo';
import { Pagination } from '../../../components/pagination';
import { QueryStatus } from '../../../components/query-status';
import { ScreenHeading } from '../../../components/screen-heading';
import { StatusBadge } from '../../../components/status-badge';
import { cardClass, inputClass, labelClass } from '../../../components/ui';
import { paths } from '../../../config/paths';
import { categoryTone, intermediaryPageQueryOptions } from '../../../lib/intermediaries';
import { t } from '../i18n';

const PAGE_SIZE = 6;

/**
 * Intermediaries: the directory of ACTIVE brokers and agents, searched by name, e-mail or phone on the
 * server, a page at a time. The search and page live in the address, so Back returns to them.
 */
export default function IntermediariesRoute() {
  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [draft, setDraft] = useState(search);
  const searchId = useId();
  const list = useQuery({
    ...intermediaryPageQueryOptions({ search, page, pageSize: PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });

  const go = (next: { search: string; page: number }) => {
    const query = new URLSearchParams();
    if (next.search.trim()) query.set('search', next.search.trim());
    if (next.page > 1) query.set('page', String(next.page));
    setParams(query);
  };

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    go({ search: draft, page: 1 });
  };

  const pageCount = list.data ? Math.ceil(list.data.total / list.data.pageSize) : 1;
  return (
    <div>
      <ScreenHeading level={1}>{t('portal.intermediaries.title')}</ScreenHeading>
      <p className="mt-2 text-slate-700">{t('portal.intermediaries.intro')}</p>
      <search>
        <form onSubmit={onSearch} className={`${cardClass} mt-6 flex flex-wrap items-end gap-3`}>
          <div className="min-w-0 flex-1">
            <label htmlFor={searchId} className={`block ${labelClass}`}>
              {t('portal.intermediaries.search')}
            </label>
            <input
              id={searchId}
              type="search"
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              placeholder={t('portal.intermediaries.searchPlaceholder')}
              autoComplete="off"
              className={inputClass}
            />
          </div>
          <Button type="submit">{t('portal.intermediaries.searchButton')}</Button>
        </form>
      </search>
      <QueryStatus
        isPending={list.isPending}
        isError={list.isError}
        onRetry={() => void list.refetch()}
        loadingText={t('portal.intermediaries.loading')}
        errorText={t('portal.intermediaries.loadError')}
      />
      {list.data ? (
        <>
          <p className="mt-6 text-slate-800" aria-live="polite">
            {t('portal.intermediaries.count', { total: list.data.total })}
          </p>
          {list.data.items.length === 0 ? (
            <p className={`${cardClass} mt-3 text-slate-800`}>
              {search ? t('portal.intermediaries.empty') : t('portal.intermediaries.emptyAll')}
            </p>
          ) : (
            <ul className="mt-3 grid gap-4 lg:grid-cols-2">
              {list.data.items.map((item) => (
                <li key={item.id}>
                  <article
                    aria-labelledby={`intermediary-${item.id}`}
                    className={`${cardClass} flex h-full items-start gap-4`}
                  >
                    <IntermediaryLogo src={item.profileImage} className="size-14" />
                    <div className="min-w-0 flex-1">
                      <h2 id={`intermediary-${item.id}`} className="font-bold break-words text-slate-900">
                        <Link
                          to={paths.portalIntermediary.getHref(item.id)}
                          className="underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-800"
                        >
                          {item.intermediaryNames}
                        </Link>
                      </h2>
                      <div className="mt-1">
                        <StatusBadge label={item.category} tone={categoryTone(item.category)} />
                      </div>
                      <p className="mt-2 text-sm break-all text-slate-800">{item.primaryEmail}</p>
                      <p className="text-sm text-slate-800">{item.phone}</p>
                    </div>
                  </article>
                </li>
              ))}
            </ul>
          )}
          {pageCount > 1 ? (
            <Pagination
              className="mt-6"
              label={t('portal.intermediaries.pagination')}
              page={page}
              pageCount={pageCount}
              isDisabled={list.isFetching}
              onPageChange={(next) => go({ search, page: next })}
            />
          ) : null}
        </>
      ) : null}
    </div>
  );
}
