import { useEffect, useId, useRef } from 'react';
import { t } from '../../../lib/i18n';
import { useSupportContacts } from '../api/get-support-contacts';

interface HelpModalProps {
  isOpen: boolean;
  onClose: () => void;
}

/** 'Need Assistance?': support phone and e-mail from configuration (spec-1 §1). */
export function HelpModal({ isOpen, onClose }: HelpModalProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const { data: contacts, isPending, isError } = useSupportContacts();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (isOpen && !dialog.open) dialog.showModal();
    if (!isOpen && dialog.open) dialog.close();
  }, [isOpen]);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: backdrop clicks only; the dialog closes on Escape natively
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      aria-modal="true"
      onClose={onClose}
      onClick={(event) => {
        // A click on the backdrop lands on the dialog element itself.
        if (event.target === event.currentTarget) onClose();
      }}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-2xl bg-white p-0 text-slate-900 shadow-2xl"
    >
      <div className="p-6">
        <div className="flex items-start justify-between gap-4">
          <h2 id={titleId} className="text-2xl font-bold">
            {t('help.title')}
          </h2>
          <button
            type="button"
            onClick={onClose}
            aria-label={t('help.close')}
            className="rounded-full p-2 text-xl leading-none text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-emerald-800"
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
        <p className="mt-2 text-slate-700">{t('help.intro')}</p>
        {isPending ? <p className="mt-4 text-slate-700">{t('help.loading')}</p> : null}
        {isError ? <p className="mt-4 text-red-800">{t('help.unavailable')}</p> : null}
        {contacts ? (
          <dl className="mt-5 space-y-4">
            <div className="rounded-xl bg-emerald-50 p-4">
              <dt className="text-sm font-semibold text-emerald-900">{t('help.phoneLabel')}</dt>
              <dd className="mt-1 text-lg font-bold">
                <a
                  href={`tel:${contacts.phone.replace(/\s+/g, '')}`}
                  className="text-emerald-900 hover:underline"
                >
                  {contacts.phone}
                </a>
              </dd>
            </div>
            <div className="rounded-xl bg-sky-50 p-4">
              <dt className="text-sm font-semibold text-sky-900">{t('help.emailLabel')}</dt>
              <dd className="mt-1 text-lg font-bold break-all">
                <a href={`mailto:${contacts.email}`} className="text-sky-900 hover:underline">
                  {contacts.email}
                </a>
              </dd>
            </div>
          </dl>
        ) : null}
        <p className="mt-5 flex items-center gap-2 font-semibold text-emerald-900">
          <span aria-hidden="true" className="inline-block size-2.5 rounded-full bg-emerald-600" />
          {t('help.availability')}
        </p>
      </div>
    </dialog>
  );
}
