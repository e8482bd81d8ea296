import { Button } from './button';
import { t } from './i18n';

interface PaginationProps {
  /** The current page, counting from 1. */
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  /** Both buttons off, e.g. while the next page loads. */
  isDisabled?: boolean;
  /** The navigation's name; 'Pagination' by default. */
  label?: string;
  previousLabel?: string;
  nextLabel?: string;
  className?: string;
}

/** Previous, 'Page x of y' (announced when it changes) and Next; the buttons are off at the ends. */
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
  const pages = Math.max(1, pageCount);
  return (
    <nav aria-label={label} className={`flex flex-wrap items-center gap-3 ${className}`.trim()}>
      <Button
        variant="small"
        onClick={() => onPageChange(Math.max(1, page - 1))}
        disabled={isDisabled || page <= 1}
      >
        {previousLabel}
      </Button>
      <span className="text-sm text-slate-800" aria-live="polite">
        {t('components.pagination.page', { page, pages })}
      </span>
      <Button
        variant="small"
        onClick={() => onPageChange(Math.min(pages, page + 1))}
        disabled={isDisabled || page >= pages}
      >
        {nextLabel}
      </Button>
    </nav>
  );
}
