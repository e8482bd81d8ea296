import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Pagination, pageCountOf } from '../../../components/pagination';
import { QueryStatus } from '../../../components/query-status';
import { formatKenyaDateTime } from '../../../lib/dates';
import type { ConversationPage } from '../api/chat';
import { t } from '../i18n';

interface ConversationListProps {
  list: UseQueryResult<ConversationPage>;
  page: number;
  onPageChange: (page: number) => void;
  selectedId: number | null;
  hrefOf: (id: number) => string;
  empty: React.ReactNode;
}

/** The caller's conversations, latest first, each with its unread count; pages of ten. */
export function ConversationList({
  list,
  page,
  onPageChange,
  selectedId,
  hrefOf,
  empty,
}: ConversationListProps) {
  const pageCount = list.data ? pageCountOf(list.data) : 1;
  return (
    <section aria-labelledby="chat-conversations-heading">
      <h2 id="chat-conversations-heading" className="text-lg font-semibold text-slate-900">
        {t('chat.conversations')}
      </h2>
      <QueryStatus
        isPending={list.isPending}
        isError={list.isError}
        onRetry={() => void list.refetch()}
        className="mt-3"
      />
      {list.data && list.data.items.length === 0 ? <div className="mt-3">{empty}</div> : null}
      {list.data && list.data.items.length > 0 ? (
        <ul className="mt-3 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
          {list.data.items.map((item) => {
            const isSelected = item.id === selectedId;
            return (
              <li key={item.id}>
                <Link
                  to={hrefOf(item.id)}
                  aria-current={isSelected ? 'page' : undefined}
                  className={`block px-4 py-3 hover:bg-emerald-50 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-emerald-800 ${isSelected ? 'bg-emerald-50' : ''}`}
                >
                  <span className="flex items-start justify-between gap-2">
                    <span className="min-w-0">
                      <span className="block font-semibold text-slate-900 [overflow-wrap:anywhere]">
                        {item.title}
                      </span>
                      {item.subtitle ? (
                        <span className="block text-sm text-slate-700 [overflow-wrap:anywhere]">
                          {item.subtitle}
                        </span>
                      ) : null}
                    </span>
                    {item.unreadCount > 0 ? (
                      <span className="shrink-0 rounded-full bg-emerald-800 px-2 py-0.5 text-xs font-semibold text-white">
                        {t('chat.unread', { count: item.unreadCount })}
                      </span>
                    ) : null}
                  </span>
                  {/* Names and file names wrap (never widen the list past a phone); a long message shows two lines. */}
                  <span className="mt-1 line-clamp-2 text-sm text-slate-700 [overflow-wrap:anywhere]">
                    {item.lastMessage ?? t('chat.noMessagesYet')}
                  </span>
                  <span className="mt-1 block text-xs text-slate-600">
                    {formatKenyaDateTime(item.lastMessageAt)}
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      ) : null}
      {pageCount > 1 ? (
        <Pagination
          page={page}
          pageCount={pageCount}
          onPageChange={onPageChange}
          label={t('chat.conversationsPagination')}
          className="mt-3"
        />
      ) : null}
    </section>
  );
}
