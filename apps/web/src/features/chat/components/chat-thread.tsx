import { type ChatMessageView, chatBodySchema } from '@bima/domain';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../components/button';
import { fieldErrorClass, inputClass, labelClass } from '../../../components/ui';
import { formatKenyaDateTime } from '../../../lib/dates';
import { t } from '../i18n';
import type { ThreadMessage } from './thread-state';

interface ChatThreadProps {
  title: string;
  topic: string | null;
  messages: ThreadMessage[];
  hasMore: boolean;
  isLoadingOlder: boolean;
  olderFailed: boolean;
  onLoadOlder: () => void;
  onSend: (body: string) => void;
}

function markText(mark: ThreadMessage['mark']): string | null {
  if (mark === null) return null;
  if (mark === 'failed') return t('chat.sendFailed');
  return t(`chat.marks.${mark}`);
}

function MessageBubble({ message }: { message: ThreadMessage }) {
  const mark = markText(message.mark);
  return (
    <li className={`flex ${message.isMine ? 'justify-end' : 'justify-start'}`}>
      <div
        className={`max-w-[85%] rounded-2xl px-4 py-2 ${message.isMine ? 'bg-emerald-800 text-white' : 'border border-slate-200 bg-white text-slate-900'}`}
      >
        <p className={`text-xs font-semibold ${message.isMine ? 'text-emerald-50' : 'text-slate-700'}`}>
          {message.isMine ? t('chat.you') : message.senderName}
        </p>
        <p className="whitespace-pre-wrap break-words">{message.body}</p>
        <p className={`mt-1 text-xs ${message.isMine ? 'text-emerald-50' : 'text-slate-700'}`}>
          <time dateTime={message.createdAt}>{formatKenyaDateTime(message.createdAt)}</time>
          {mark ? <span className="ml-2">· {mark}</span> : null}
        </p>
      </div>
    </li>
  );
}

/** A conversation: older pages on demand, the messages (a live log) and the composer. */
export function ChatThread(props: ChatThreadProps) {
  const { title, topic, messages, hasMore, isLoadingOlder, olderFailed, onLoadOlder, onSend } = props;
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const end = useRef<HTMLDivElement>(null);
  const newestKey = messages.at(-1)?.key;

  useEffect(() => {
    if (newestKey) end.current?.scrollIntoView?.({ block: 'nearest' });
  }, [newestKey]);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const parsed = chatBodySchema.safeParse(body);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? t('chat.sendFailed'));
      return;
    }
    setError(null);
    setBody('');
    onSend(parsed.data);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <section aria-labelledby={`${id}-title`} className="flex min-h-[28rem] flex-col">
      <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {topic ? <p className="text-sm text-slate-700">{t('chat.topic', { topic })}</p> : null}
      <div className="mt-3 flex-1 rounded-xl border border-slate-200 bg-slate-50 p-3">
        {hasMore ? (
          <div className="mb-3 text-center">
            <Button variant="small" onClick={onLoadOlder} disabled={isLoadingOlder}>
              {isLoadingOlder ? t('chat.loadingOlder') : t('chat.loadOlder')}
            </Button>
            {olderFailed ? (
              <p role="alert" className={fieldErrorClass}>
                {t('chat.olderFailed')}
              </p>
            ) : null}
          </div>
        ) : null}
        {messages.length === 0 ? <p className="text-slate-700">{t('chat.noMessagesYet')}</p> : null}
        <div role="log" aria-live="polite" aria-label={t('chat.messages', { name: title })}>
          <ol className="space-y-3">
            {messages.map((message) => (
              <MessageBubble key={message.key} message={message} />
            ))}
          </ol>
        </div>
        <div ref={end} />
      </div>
      <form className="mt-3" onSubmit={submit} noValidate>
        <label htmlFor={`${id}-body`} className={labelClass}>
          {t('chat.message')}
        </label>
        <p id={`${id}-hint`} className="text-sm text-slate-700">
          {t('chat.messageHint')}
        </p>
        <textarea
          id={`${id}-body`}
          rows={2}
          value={body}
          onChange={(event) => setBody(event.target.value)}
          onKeyDown={onKeyDown}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
          className={inputClass}
        />
        {error ? (
          <p id={`${id}-error`} className={fieldErrorClass}>
            {error}
          </p>
        ) : null}
        <div className="mt-2 flex justify-end">
          <Button type="submit">{t('chat.send')}</Button>
        </div>
      </form>
    </section>
  );
}

export type { ChatMessageView };
