import { useId, useState } from 'react';
import { notify } from '../lib/notifications';
import { t } from './i18n';
import { buttonSecondary, inputClass } from './ui';

interface ShareLinkButtonProps {
  /** The absolute address to share, asked for when the button is pressed (it may change). */
  getUrl: () => string;
  title: string;
  text: string;
  label: string;
}

/** Phones (a coarse pointer) open their share sheet; elsewhere the link is copied. */
function canUseShareSheet(url: string): boolean {
  if (typeof navigator.share !== 'function') return false;
  if (typeof window.matchMedia === 'function' && !window.matchMedia('(pointer: coarse)').matches)
    return false;
  return typeof navigator.canShare !== 'function' || navigator.canShare({ url });
}

/**
 * Shares a link: the Web Share API's sheet on a phone, else a copy to the clipboard with a toast.
 * The link is also shown in a read-only field, to copy by hand where the clipboard is refused.
 */
export function ShareLinkButton({ getUrl, title, text, label }: ShareLinkButtonProps) {
  const fieldId = useId();
  const [shown, setShown] = useState<string | null>(null);

  const share = async () => {
    const url = getUrl();
    setShown(url);
    if (canUseShareSheet(url)) {
      try {
        await navigator.share({ title, text, url });
        return;
      } catch (error) {
        // Closing the sheet is the person's choice, not a failure.
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      notify({
        type: 'success',
        title: t('components.share.copied'),
        message: t('components.share.copiedText'),
      });
    } catch {
      notify({
        type: 'info',
        title: t('components.share.copyByHand'),
        message: t('components.share.copyByHandText'),
      });
    }
  };

  return (
    <div className="space-y-2">
      <button type="button" onClick={() => void share()} className={buttonSecondary}>
        {label}
      </button>
      {shown ? (
        <div className="max-w-xl">
          <label htmlFor={fieldId} className="text-sm font-semibold text-slate-900">
            {t('components.share.linkLabel')}
          </label>
          <input
            id={fieldId}
            readOnly
            value={shown}
            onFocus={(event) => event.currentTarget.select()}
            className={`${inputClass} text-sm`}
          />
        </div>
      ) : null}
    </div>
  );
}
