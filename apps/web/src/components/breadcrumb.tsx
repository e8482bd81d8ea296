import { Link } from 'react-router';
import { t } from '../lib/i18n';

export interface BreadcrumbItem {
  label: string;
  href?: string;
}

/** Home > … trail; the last item is the current page. */
export function Breadcrumb({ items, tone = 'light' }: { items: BreadcrumbItem[]; tone?: 'light' | 'dark' }) {
  const linkClass =
    tone === 'dark'
      ? 'text-white underline-offset-4 hover:underline'
      : 'text-emerald-800 underline-offset-4 hover:underline';
  const textClass = tone === 'dark' ? 'text-white' : 'text-slate-700';
  return (
    <nav aria-label={t('landing.breadcrumb')} className="text-sm">
      <ol className="flex flex-wrap items-center gap-2">
        {items.map((item, index) => {
          const isLast = index === items.length - 1;
          return (
            <li key={item.label} className="flex items-center gap-2">
              {item.href && !isLast ? (
                <Link to={item.href} className={linkClass}>
                  {item.label}
                </Link>
              ) : (
                <span aria-current={isLast ? 'page' : undefined} className={`font-semibold ${textClass}`}>
                  {item.label}
                </span>
              )}
              {isLast ? null : (
                <span aria-hidden="true" className={textClass}>
                  &gt;
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
