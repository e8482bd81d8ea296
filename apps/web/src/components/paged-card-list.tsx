import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { ListPage } from './paged-table';
import { ListPages } from './pagination';
import { QueryStatus } from './query-status';
import { ScreenHeading } from './screen-heading';
import { cardClass } from './ui';

/**
 * A client's list screen: its heading and intro, loading and error states, the empty state (a
 * sentence and, optionally, where to go next), a card per item in a grid and the list's pages —
 * the same on every list of the portal.
 */
export function PagedCardList<T>({
  title,
  intro,
  query,
  empty,
  emptyAction,
  itemKey,
  renderItem,
  onPageChange,
  pagesLabel,
}: {
  title: string;
  intro: string;
  query: UseQueryResult<ListPage<T>, Error>;
  empty: string;
  /** A link (or button) shown under the empty state's sentence. */
  emptyAction?: ReactNode;
  itemKey: (item: T) => string | number;
  /** One item's card: rendered inside its list item. */
  renderItem: (item: T) => ReactNode;
  onPageChange: (page: number) => void;
  pagesLabel: string;
}) {
  const list = query.data;
  return (
    <>
      <ScreenHeading level={1}>{title}</ScreenHeading>
      <p className="mt-2 text-slate-700">{intro}</p>
      <QueryStatus isPending={query.isPending} isError={query.isError} onRetry={() => void query.refetch()} />
      {list?.total === 0 ? (
        <div className={`${cardClass} mt-6`}>
          <p className="text-slate-800">{empty}</p>
          {emptyAction}
        </div>
      ) : null}
      {list && list.items.length > 0 ? (
        <ul className="mt-6 grid gap-4 lg:grid-cols-2">
          {list.items.map((item) => (
            <li key={itemKey(item)}>{renderItem(item)}</li>
          ))}
        </ul>
      ) : null}
      <ListPages
        list={list}
        onPageChange={onPageChange}
        isDisabled={query.isPlaceholderData}
        label={pagesLabel}
      />
    </>
  );
}
