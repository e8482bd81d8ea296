import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatKenyaDateTime } from '../lib/dates';
import {
  type AppNotification,
  markAllNotificationsRead,
  markNotificationRead,
  notificationKeys,
  notificationsQueryOptions,
} from '../lib/notification-centre';
import { Button } from './button';
import { t } from './notifications-i18n';
import { Pagination, pageCountOf } from './pagination';
import { QueryStatus } from './query-status';
import { ScreenHeading } from './screen-heading';
import { StatusBadge } from './status-badge';
import { cardClass, linkButton } from './ui';
import { usePageParam } from './use-page-param';

function NotificationItem({
  item,
  onRead,
  isBusy,
}: {
  item: AppNotification;
  onRead: (id: number) => void;
  isBusy: boolean;
}) {
  const headingId = `notification-${item.id}`;
  return (
    <li
      aria-labelledby={headingId}
      className={`rounded-xl border p-4 ${item.isRead ? 'border-slate-200 bg-white' : 'border-emerald-300 bg-emerald-50'}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 id={headingId} className="font-semibold text-slate-900">
          {item.title}
        </h2>
        <StatusBadge
          label={item.isRead ? t('notifications.centre.read') : t('notifications.centre.new')}
          tone={item.isRead ? 'neutral' : 'info'}
        />
      </div>
      <p className="mt-1 text-slate-800">{item.body}</p>
      <div className="mt-3 flex flex-wrap items-center gap-4 text-sm">
        <time dateTime={item.createdAt} className="text-slate-700">
          {formatKenyaDateTime(item.createdAt)}
        </time>
        {item.link ? (
          <Link
            to={item.link}
            className={linkButton}
            onClick={() => {
              if (!item.isRead) onRead(item.id);
            }}
            aria-label={`${t('notifications.centre.open')}: ${item.title}`}
          >
            {t('notifications.centre.open')}
          </Link>
        ) : null}
        {item.isRead ? null : (
          <Button
            variant="small"
            onClick={() => onRead(item.id)}
            disabled={isBusy}
            aria-label={`${t('notifications.centre.markRead')}: ${item.title}`}
          >
            {t('notifications.centre.markRead')}
          </Button>
        )}
      </div>
    </li>
  );
}

/** The notification centre (client portal and staff area): pages, unread filter, mark read / all read. */
export function NotificationCentre() {
  const queryClient = useQueryClient();
  const [page, setPage] = usePageParam();
  const [unreadOnly, setUnreadOnly] = useState(false);
  const list = useQuery(notificationsQueryOptions({ page, unreadOnly }));
  const refresh = () => queryClient.invalidateQueries({ queryKey: notificationKeys.all });
  const markOne = useMutation({ mutationFn: markNotificationRead, onSettled: refresh });
  const markAll = useMutation({ mutationFn: markAllNotificationsRead, onSettled: refresh });
  const data = list.data;
  const pageCount = data ? pageCountOf(data) : 1;

  const choose = (value: boolean) => {
    setUnreadOnly(value);
    setPage(1);
  };

  return (
    <div>
      <ScreenHeading level={1}>{t('notifications.centre.title')}</ScreenHeading>
      <p className="mt-2 text-slate-700">{t('notifications.centre.intro')}</p>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <fieldset className="flex items-center gap-3">
          <legend className="sr-only">{t('notifications.centre.filterLabel')}</legend>
          {[false, true].map((value) => (
            <label key={String(value)} className="flex items-center gap-1.5 text-slate-900">
              <input
                type="radio"
                name="notification-filter"
                checked={unreadOnly === value}
                onChange={() => choose(value)}
                className="size-4 accent-emerald-800"
              />
              {value ? t('notifications.centre.unread') : t('notifications.centre.all')}
            </label>
          ))}
        </fieldset>
        {data ? (
          <span className="text-sm text-slate-700" aria-live="polite">
            {t('notifications.centre.unreadCount', { count: data.unread })}
          </span>
        ) : null}
        <Button
          variant="small"
          onClick={() => markAll.mutate()}
          disabled={!data || data.unread === 0 || markAll.isPending}
        >
          {markAll.isPending ? t('notifications.centre.markingAll') : t('notifications.centre.markAllRead')}
        </Button>
      </div>
      {markOne.isError || markAll.isError ? (
        <p role="alert" className="mt-3 font-medium text-red-800">
          {t('notifications.centre.error')}
        </p>
      ) : null}
      {data ? null : (
        <QueryStatus
          isPending={list.isPending}
          isError={list.isError}
          onRetry={() => void list.refetch()}
          loadingText={t('notifications.centre.loading')}
        />
      )}
      {data ? (
        <div className="mt-6">
          {data.items.length === 0 ? (
            <p className={`${cardClass} text-slate-800`}>
              {unreadOnly ? t('notifications.centre.emptyUnread') : t('notifications.centre.empty')}
            </p>
          ) : (
            <ul className="space-y-3">
              {data.items.map((item) => (
                <NotificationItem
                  key={item.id}
                  item={item}
                  onRead={(id) => markOne.mutate(id)}
                  isBusy={markOne.isPending}
                />
              ))}
            </ul>
          )}
          {data.total > data.pageSize ? (
            <Pagination
              page={page}
              pageCount={pageCount}
              onPageChange={setPage}
              isDisabled={list.isPlaceholderData}
              label={t('notifications.centre.pages')}
              className="mt-4"
            />
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
