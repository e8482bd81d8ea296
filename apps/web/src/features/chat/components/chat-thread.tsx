import {
  CHAT_MAX_ATTACHMENTS,
  CHAT_MESSAGE_MAX_LENGTH,
  CHAT_MESSAGES,
  type ChatAttachment,
  type ChatMessageView,
} from '@bima/domain';
import {
  type FormEvent,
  type KeyboardEvent,
  type MouseEvent,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { Button } from '../../../components/button';
import { formatFileSize } from '../../../components/file-size';
import { FileUpload } from '../../../components/file-upload';
import { fieldErrorClass, inputClass, labelClass } from '../../../components/ui';
import { formatKenyaDateTime } from '../../../lib/dates';
import { domainText } from '../../../lib/domain-text';
import type { UploadedFile } from '../../../lib/upload';
import { fetchAttachmentLink } from '../api/chat';
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
  onSend: (body: string, files: UploadedFile[]) => void;
  /** Where this conversation's files are uploaded (the files module, owner kind 'chat'). */
  uploadUrl: string;
  /** Why the last send was refused (the server's message), if it was. */
  sendError: string | null;
}

function markText(mark: ThreadMessage['mark']): string | null {
  if (mark === null) return null;
  if (mark === 'failed') return t('chat.sendFailed');
  return t(`chat.marks.${mark}`);
}

/** A signed link lasts 10 minutes; one older than this is renewed when opened. */
const LINK_FRESH_MS = 8 * 60_000;

/**
 * One attached file: its name and size, a link that opens it in a new tab through the link signed
 * for this reader — renewed first (`attachmentLink`) when the thread has been open for a while.
 */
function AttachmentLink({
  file,
  conversationId,
  isMine,
}: {
  file: ChatAttachment;
  conversationId: number;
  isMine: boolean;
}) {
  const [givenAt] = useState(() => Date.now());
  const size = formatFileSize(file.size);
  const tone = isMine ? 'text-white' : 'text-emerald-900';
  if (!file.url)
    return (
      <span className={`[overflow-wrap:anywhere] ${isMine ? 'text-emerald-50' : 'text-slate-800'}`}>
        {file.name} <span className="whitespace-nowrap">({size})</span>
      </span>
    );
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    if (Date.now() - givenAt < LINK_FRESH_MS) return;
    event.preventDefault();
    const tab = window.open('about:blank', '_blank');
    fetchAttachmentLink({ conversationId, fileId: file.fileId }).then(
      ({ url }) => {
        if (!tab) return window.location.assign(url);
        tab.opener = null;
        tab.location.href = url;
      },
      () => tab?.close(),
    );
  };
  return (
    <a
      href={file.url}
      target="_blank"
      rel="noopener"
      onClick={open}
      className={`rounded font-semibold underline underline-offset-2 [overflow-wrap:anywhere] focus-visible:outline-2 focus-visible:outline-offset-2 ${tone}`}
    >
      {file.name} <span className="font-normal whitespace-nowrap">({size})</span>
      <span className="sr-only">{t('chat.opensInNewTab')}</span>
    </a>
  );
}

function PaperclipIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="mt-1 h-4 w-4 shrink-0"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="m21 11-8.6 8.6a5 5 0 0 1-7.1-7.1l8.6-8.6a3.3 3.3 0 0 1 4.7 4.7l-8.6 8.6a1.7 1.7 0 0 1-2.4-2.4l7.9-7.9" />
    </svg>
  );
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
        {message.body ? <p className="whitespace-pre-wrap break-words">{message.body}</p> : null}
        {message.attachments.length > 0 ? (
          <ul className="mt-1 space-y-1" aria-label={t('chat.attachments')}>
            {message.attachments.map((file) => (
              <li key={file.fileId} className="flex items-start gap-1.5">
                <PaperclipIcon />
                <AttachmentLink file={file} conversationId={message.conversationId} isMine={message.isMine} />
              </li>
            ))}
          </ul>
        ) : null}
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
  // Files stored and waiting for Send; a new uploader (key) after each send.
  const [ready, setReady] = useState<UploadedFile[]>([]);
  const [isUploading, setUploading] = useState(false);
  const [uploader, setUploader] = useState(0);
  const id = useId();
  const end = useRef<HTMLDivElement>(null);
  const newestKey = messages.at(-1)?.key;

  useEffect(() => {
    if (newestKey) end.current?.scrollIntoView?.({ block: 'nearest' });
  }, [newestKey]);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const text = body.trim();
    const problem = isUploading
      ? t('chat.waitForUploads')
      : text.length > CHAT_MESSAGE_MAX_LENGTH
        ? CHAT_MESSAGES.bodyTooLong
        : text.length === 0 && ready.length === 0
          ? CHAT_MESSAGES.contentRequired
          : ready.length > CHAT_MAX_ATTACHMENTS
            ? CHAT_MESSAGES.tooManyFiles
            : null;
    if (problem) {
      setError(domainText(problem));
      return;
    }
    setError(null);
    setBody('');
    setReady([]);
    setUploader((key) => key + 1);
    onSend(text, ready);
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
        <div className="mt-3">
          <FileUpload
            key={uploader}
            url={props.uploadUrl}
            label={t('chat.attach')}
            hint={t('chat.attachHint')}
            onUploaded={(file) => setReady((files) => [...files, file])}
            onRemoved={(file) => setReady((files) => files.filter((other) => other.id !== file.id))}
            onBusyChange={setUploading}
          />
        </div>
        {props.sendError ? (
          <p role="alert" className={fieldErrorClass}>
            {props.sendError}
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
