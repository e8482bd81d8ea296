import { NOTIFICATION_KIND_LABELS, type NotificationKind } from '@bima/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { domainText } from '../lib/domain-text';
import {
  emailPreferencesQueryOptions,
  notificationKeys,
  updateEmailPreferences,
} from '../lib/notification-centre';
import { Button } from './button';
import { DataTable } from './data-table';
import { t } from './notifications-i18n';
import { QueryStatus } from './query-status';
import { cardClass } from './ui';

/** A kind's name from the domain's one table of them, in the reader's language (every kind has one). */
const kindLabel = (kind: string) =>
  kind in NOTIFICATION_KIND_LABELS ? domainText(NOTIFICATION_KIND_LABELS[kind as NotificationKind]) : kind;

type Channel = 'email' | 'sms';
type Choices = Record<string, { email: boolean; sms: boolean }>;

/**
 * Profile: a table of notification kinds, in-app always on, each kind's e-mail and SMS (to the
 * verified phone) switchable.
 */
export function EmailPreferences() {
  const queryClient = useQueryClient();
  const preferences = useQuery(emailPreferencesQueryOptions());
  const [choices, setChoices] = useState<Choices>({});
  useEffect(() => {
    if (preferences.data)
      setChoices(
        Object.fromEntries(
          preferences.data.preferences.map((item) => [item.kind, { email: item.email, sms: item.sms }]),
        ),
      );
  }, [preferences.data]);
  const chosen = (item: { kind: string; email: boolean; sms: boolean }, channel: Channel) =>
    choices[item.kind]?.[channel] ?? item[channel];
  const save = useMutation({
    mutationFn: () =>
      updateEmailPreferences(
        (preferences.data?.preferences ?? []).map((item) => ({
          kind: item.kind,
          email: chosen(item, 'email'),
          sms: chosen(item, 'sms'),
        })),
      ),
    onSuccess: (data) => queryClient.setQueryData(notificationKeys.preferences, data),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };

  const toggle = (item: { kind: string; email: boolean; sms: boolean }, channel: Channel, label: string) => (
    <input
      type="checkbox"
      className="size-5 accent-emerald-800"
      checked={chosen(item, channel)}
      onChange={(event) => {
        const checked = event.target.checked;
        save.reset();
        setChoices((current) => ({
          ...current,
          [item.kind]: { email: chosen(item, 'email'), sms: chosen(item, 'sms'), [channel]: checked },
        }));
      }}
      aria-label={label}
    />
  );

  return (
    <section aria-labelledby="email-preferences-title" className={`${cardClass} mt-6`}>
      <h2 id="email-preferences-title" className="text-xl font-bold text-slate-900">
        {t('notifications.preferences.title')}
      </h2>
      <p className="mt-1 text-slate-700">{t('notifications.preferences.intro')}</p>
      {preferences.data ? (
        <form onSubmit={onSubmit} className="mt-4">
          <DataTable
            caption={t('notifications.preferences.caption')}
            hideCaption
            columns={[
              {
                key: 'kind',
                header: t('notifications.preferences.kind'),
                cell: (item) => kindLabel(item.kind),
                isRowHeader: true,
              },
              {
                key: 'inApp',
                header: t('notifications.preferences.inApp'),
                cell: () => t('notifications.preferences.always'),
              },
              {
                key: 'email',
                header: t('notifications.preferences.email'),
                cell: (item) =>
                  toggle(
                    item,
                    'email',
                    t('notifications.preferences.emailFor', { kind: kindLabel(item.kind) }),
                  ),
              },
              {
                key: 'sms',
                header: t('notifications.preferences.sms'),
                cell: (item) =>
                  toggle(item, 'sms', t('notifications.preferences.smsFor', { kind: kindLabel(item.kind) })),
              },
            ]}
            rows={preferences.data.preferences}
            rowKey={(item) => item.kind}
            emptyText=""
          />
          <div className="mt-4 flex flex-wrap items-center gap-3">
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? t('notifications.preferences.saving') : t('notifications.preferences.save')}
            </Button>
            <p aria-live="polite" className={save.isError ? 'font-medium text-red-800' : 'text-emerald-900'}>
              {save.isSuccess ? t('notifications.preferences.saved') : ''}
              {save.isError ? t('notifications.preferences.error') : ''}
            </p>
          </div>
        </form>
      ) : (
        <QueryStatus
          isPending={preferences.isPending}
          isError={preferences.isError}
          onRetry={() => void preferences.refetch()}
          loadingText={t('notifications.preferences.loading')}
          className="mt-4"
        />
      )}
    </section>
  );
}
