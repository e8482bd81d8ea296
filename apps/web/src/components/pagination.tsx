import { useEffect } from 'react';
import { Button } from './button';
import { t } from './i18n';

/** How many pages a list as the API answers it ({total, pageSize}) has: at least one. */
export function pageCountOf(list: { total: number; pageSize: number }): number {
  return Math.max(1, Math.ceil(list.total / Math.max(1, list.pageSize)));
}

/** How many numbered pages the pagination offers at once, the current one among them. */
export const PAGE_WINDOW = 5;

/**
 * The pagination state every list shares (spec-1 §3): the current page (from 1, default 1), how
 * many pages there are (at least one) and the numbered pages offered — up to PAGE_WINDOW around the
 * current one, never past the ends.
 */
export function paginationState(options: { page?: number; pageCount: number }) {
  const totalPages = Math.max(1, Math.floor(options.pageCount) || 1);
  const currentPage = Math.min(Math.max(1, Math.floor(options.page ?? 1) || 1), totalPages);
  const size = Math.min(PAGE_WINDOW, totalPages);
  const first = Math.min(Math.max(1, currentPage - Math.floor(PAGE_WINDOW / 2)), totalPages - size + 1);
  const pagesArray = Array.from({ length: size }, (_, index) => first + index);
  return { currentPage, totalPages, pagesArray };
}

interface PaginationProps {
  /** The current page, counting from 1. */
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  /** Every button off, e.g. while the next page loads. */
  isDisabled?: boolean;
  /** The navigation's name; 'Pagination' by default. */
  label?: string;
  previousLabel?: string;
  nextLabel?: string;
  className?: string;
}

/**
 * Previous, the numbered pages around the current one (marked as the current page), 'Page x of y'
 * (announced when it changes) and Next; Previous and Next are off at the ends.
 */
export function Pagination({
  page,
  pageCount,
  onPageChange,
  isDisabled = false,
  label = t('components.pagination.label'),
  previousLabel = t('components.pagination.previous'),
  nextLabel = t('components.pagination.next'),
  className = '',
}: PaginationProps) {
  const { currentPage, totalPages, pagesArray } = paginationState({ page, pageCount });
  return (
    <nav aria-label={label} className={`flex flex-wrap items-center gap-3 ${className}`.trim()}>
      <Button
        variant="small"
        onClick={() => onPageChange(Math.max(1, currentPage - 1))}
        disabled={isDisabled || currentPage <= 1}
      >
        {previousLabel}
      </Button>
      {totalPages > 1 ? (
        <ul className="flex flex-wrap items-center gap-1">
          {pagesArray.map((number) => (
            <li key={number}>
              {number === currentPage ? (
                <span
                  aria-current="page"
                  className="inline-flex min-w-8 items-center justify-center rounded-md border border-emerald-800 bg-emerald-800 px-3 py-1.5 text-sm font-semibold text-white"
                >
                  <span className="sr-only">{t('components.pagination.goTo', { page: number })}</span>
                  <span aria-hidden="true">{number}</span>
                </span>
              ) : (
                <Button
                  variant="small"
                  aria-label={t('components.pagination.goTo', { page: number })}
                  onClick={() => onPageChange(number)}
                  disabled={isDisabled}
                >
                  {number}
                </Button>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      <span className="text-sm text-slate-800" aria-live="polite">
        {t('components.pagination.page', { page: currentPage, pages: totalPages })}
      </span>
      <Button
        variant="small"
        onClick={() => onPageChange(Math.min(totalPages, currentPage + 1))}
        disabled={isDisabled || currentPage >= totalPages}
      >
        {nextLabel}
      </Button>
    </nav>
  );
}

/**
 * The pages of a list as the API answers it ({total, page, pageSize}): nothing when it fits on one
 * page, else the Pagination for it. A page past the last one (an old link, a list that shrank)
 * moves to the last page.
 */
export function ListPages({
  list,
  onPageChange,
  isDisabled,
  label,
  className = 'mt-6',
}: {
  list: { total: number; page: number; pageSize: number } | undefined;
  onPageChange: (page: number) => void;
  isDisabled?: boolean;
  label: string;
  className?: string;
}) {
  const pageCount = list ? pageCountOf(list) : 1;
  const isPastTheEnd = list !== undefined && !isDisabled && list.page > pageCount;
  useEffect(() => {
    if (isPastTheEnd) onPageChange(pageCount);
  }, [isPastTheEnd, pageCount, onPageChange]);
  if (!list || list.total <= list.pageSize) return null;
  return (
    <Pagination
      page={list.page}
      pageCount={pageCount}
      onPageChange={onPageChange}
      isDisabled={isDisabled}
      label={label}
      className={className}
    />
  );
}
