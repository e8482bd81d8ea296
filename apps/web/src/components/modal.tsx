import { type ReactNode, type RefObject, useEffect, useId, useRef } from 'react';

interface ModalProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Focused when the dialog opens; by default the browser focuses the first focusable element. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** Tailwind width class of the panel. */
  widthClass?: string;
  /** Extra content beside the title (e.g. a close button). */
  headerAction?: ReactNode;
}

/**
 * A modal dialog on the native `<dialog>`: focus stays inside while it is open and Escape closes it
 * (both native), a click on the backdrop closes it, page scrolling is locked, and focus returns to the
 * element that opened it. Render it only while it is open.
 */
export function Modal({
  title,
  onClose,
  children,
  initialFocusRef,
  widthClass = 'w-[min(32rem,calc(100vw-2rem))]',
  headerAction,
}: ModalProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    if (!dialog.open) dialog.showModal();
    initialFocusRef?.current?.focus();
    return () => {
      document.body.style.overflow = previousOverflow;
      if (dialog.open) dialog.close();
      if (opener?.isConnected) opener.focus();
    };
  }, [initialFocusRef]);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: backdrop clicks only; Escape closes the dialog natively
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      aria-modal="true"
      onClose={() => onCloseRef.current()}
      onCancel={(event) => {
        // Close through React state so the parent unmounts the dialog.
        event.preventDefault();
        onCloseRef.current();
      }}
      onClick={(event) => {
        // A click on the backdrop lands on the dialog element itself.
        if (event.target === event.currentTarget) onCloseRef.current();
      }}
      className={`m-auto max-h-[calc(100dvh-2rem)] ${widthClass} overflow-hidden rounded-2xl bg-white p-0 text-slate-900 shadow-2xl`}
    >
      <div className="flex max-h-[calc(100dvh-2rem)] flex-col">
        <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-5 py-4">
          <h2 id={titleId} className="text-xl font-bold">
            {title}
          </h2>
          {headerAction}
        </div>
        <div className="overflow-y-auto px-5 py-4">{children}</div>
      </div>
    </dialog>
  );
}
