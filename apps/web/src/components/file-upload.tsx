import { UPLOAD_LIMITS, UPLOAD_MESSAGES } from '@bima/domain/claims';
import { useEffect, useId, useRef, useState } from 'react';
import { type UploadedFile, uploadFile } from '../lib/upload';
import { formatFileSize } from './file-size';
import { t } from './i18n';
import { buttonSecondary, buttonSmall, fieldErrorClass, labelClass } from './ui';

type Item = {
  key: string;
  file: File;
  /** The same id on every try of this file: the server keeps it once. */
  uploadId: string;
  loaded: number;
  state: 'uploading' | 'done' | 'failed';
  error?: string;
  stored?: UploadedFile;
};

interface FileUploadProps {
  /** The upload address with its owner (e.g. `/v2/api/files?ownerKind=claim&ownerId=12&category=…`). */
  url: string;
  label: string;
  hint?: string;
  /** Called once per stored file. */
  onUploaded: (file: UploadedFile) => void;
  disabled?: boolean;
  /** Told whether any file is still uploading (e.g. to hold a form's submit until they are stored). */
  onBusyChange?: (busy: boolean) => void;
  /** When given, each finished or failed file has Remove; a stored one removed is passed here. */
  onRemoved?: (file: UploadedFile) => void;
}

const ACCEPT = [...UPLOAD_LIMITS.imageTypes, ...UPLOAD_LIMITS.documentTypes].join(',');

const newUploadId = () =>
  typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;

/** Whether the browser can tell at once that the server will refuse a file (type or size). */
function refusal(file: File): string | null {
  const types: readonly string[] = [...UPLOAD_LIMITS.imageTypes, ...UPLOAD_LIMITS.documentTypes];
  if (file.type && !types.includes(file.type)) return UPLOAD_MESSAGES.badType;
  if (file.size > UPLOAD_LIMITS.maxBytes) return UPLOAD_MESSAGES.tooLarge;
  if (file.size === 0) return UPLOAD_MESSAGES.empty;
  return null;
}

/**
 * Photos and documents with a progress bar per file (XMLHttpRequest upload progress), sizes in
 * Bytes…TB, the type and size limits said before sending, and Retry on a failed file (same upload id,
 * so a file the server did get is never stored twice).
 */
export function FileUpload({
  url,
  label,
  hint,
  onUploaded,
  disabled = false,
  onBusyChange,
  onRemoved,
}: FileUploadProps) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [items, setItems] = useState<Item[]>([]);
  const busy = items.some((item) => item.state === 'uploading');
  const busyChanged = useRef(onBusyChange);
  busyChanged.current = onBusyChange;
  useEffect(() => busyChanged.current?.(busy), [busy]);

  const remove = (item: Item) => {
    setItems((list) => list.filter((other) => other.key !== item.key));
    if (item.stored) onRemoved?.(item.stored);
  };

  const update = (key: string, change: Partial<Item>) =>
    setItems((list) => list.map((item) => (item.key === key ? { ...item, ...change } : item)));

  const send = (item: Item) => {
    update(item.key, { state: 'uploading', loaded: 0, error: undefined });
    uploadFile({
      url,
      file: item.file,
      uploadId: item.uploadId,
      onProgress: (loaded) => update(item.key, { loaded }),
      messages: { network: t('components.upload.network'), expired: t('components.upload.expired') },
    })
      .then((stored) => {
        update(item.key, { state: 'done', loaded: item.file.size, stored });
        onUploaded(stored);
      })
      .catch((error: Error) => update(item.key, { state: 'failed', error: error.message }));
  };

  const onChoose = (list: FileList | null) => {
    const chosen = [...(list ?? [])].map<Item>((file) => ({
      key: newUploadId(),
      file,
      uploadId: newUploadId(),
      loaded: 0,
      state: 'uploading',
    }));
    setItems((current) => [...current, ...chosen]);
    for (const item of chosen) {
      const problem = refusal(item.file);
      if (problem) update(item.key, { state: 'failed', error: problem });
      else send(item);
    }
    if (input.current) input.current.value = '';
  };

  return (
    <div>
      <label htmlFor={inputId} className={`block ${labelClass}`}>
        {label}
      </label>
      {hint ? (
        <p id={`${inputId}-hint`} className="mt-1 text-sm text-slate-700">
          {hint}
        </p>
      ) : null}
      <input
        ref={input}
        id={inputId}
        type="file"
        multiple
        accept={ACCEPT}
        disabled={disabled}
        aria-describedby={hint ? `${inputId}-hint` : undefined}
        onChange={(event) => onChoose(event.target.files)}
        className={`mt-2 block w-full text-sm text-slate-800 file:mr-3 ${buttonSecondary} file:rounded-md file:border-0 file:bg-emerald-50 file:px-3 file:py-1.5 file:font-semibold file:text-emerald-900`}
      />
      {items.length > 0 ? (
        <ul className="mt-3 space-y-2" aria-label={t('components.upload.listLabel')}>
          {items.map((item) => {
            const percent = item.file.size > 0 ? Math.round((item.loaded / item.file.size) * 100) : 0;
            return (
              <li key={item.key} className="rounded-lg border border-slate-200 p-3">
                <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
                  <span className="min-w-0 flex-[1_1_12rem] font-semibold text-slate-900 [overflow-wrap:anywhere]">
                    {item.file.name}
                  </span>
                  <span className="text-slate-700">{formatFileSize(item.file.size)}</span>
                </div>
                <progress
                  className="mt-2 h-2 w-full accent-emerald-700"
                  max={100}
                  value={item.state === 'done' ? 100 : Math.min(100, percent)}
                  aria-label={t('components.upload.progress', { name: item.file.name })}
                />
                <p className="mt-1 text-sm text-slate-800" aria-live="polite">
                  {item.state === 'uploading'
                    ? t('components.upload.uploading', {
                        percent: Math.min(100, percent),
                        loaded: formatFileSize(item.loaded),
                        total: formatFileSize(item.file.size),
                      })
                    : item.state === 'done'
                      ? t('components.upload.done')
                      : null}
                </p>
                {onRemoved && item.state !== 'uploading' ? (
                  <button
                    type="button"
                    className={`${buttonSmall} mt-1`}
                    onClick={() => remove(item)}
                    aria-label={t('components.upload.removeFile', { name: item.file.name })}
                  >
                    {t('components.upload.remove')}
                  </button>
                ) : null}
                {item.state === 'failed' ? (
                  <div className="mt-1 flex flex-wrap items-center gap-2">
                    <p role="alert" className={fieldErrorClass}>
                      {item.error}
                    </p>
                    {refusal(item.file) === null ? (
                      <button
                        type="button"
                        className={buttonSmall}
                        onClick={() => send(item)}
                        aria-label={t('components.upload.retryFile', { name: item.file.name })}
                      >
                        {t('components.upload.retry')}
                      </button>
                    ) : null}
                  </div>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}
