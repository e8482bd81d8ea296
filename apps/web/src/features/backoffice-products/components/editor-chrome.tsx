import { type ReactNode, useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { Button } from '../../../components/button';
import { Modal } from '../../../components/modal';
import { useBottomBarRoom } from '../../../components/use-bottom-bar-room';
import { t } from '../i18n';
import { EDITOR_SECTIONS, type EditorSection, type FieldChange } from '../utils/changes';

const k = (key: string) => `backofficeProducts.editor.${key}`;

export const sectionId = (section: EditorSection) => `product-section-${section}`;

/** Scrolls to a section and moves focus there (a jump that a screen reader follows too). */
function jumpTo(section: EditorSection) {
  const target = document.getElementById(sectionId(section));
  if (!target) return;
  target.scrollIntoView({ block: 'start' });
  target.focus({ preventScroll: true });
}

function SectionLinks({ onJump, className }: { onJump?: () => void; className: string }) {
  return (
    <ul className={className}>
      {EDITOR_SECTIONS.map((section) => (
        <li key={section}>
          <a
            href={`#${sectionId(section)}`}
            className="inline-block rounded-lg px-2 py-1.5 font-semibold text-emerald-900 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-emerald-700"
            onClick={(event) => {
              // A jump within the page, not a navigation: the address (and the router) stay put.
              event.preventDefault();
              jumpTo(section);
              onJump?.();
            }}
          >
            {t(k(`sections.${section}`))}
          </a>
        </li>
      ))}
    </ul>
  );
}

/** The sections of the long form at its top, as links that jump to each. */
export function SectionIndex() {
  return (
    <nav aria-label={t(k('changes.indexTitle'))} className="rounded-2xl border border-slate-200 bg-white p-3">
      <h2 className="px-2 text-sm font-semibold text-slate-700">{t(k('changes.indexTitle'))}</h2>
      <SectionLinks className="mt-1 flex flex-wrap gap-x-1 gap-y-0.5 text-sm" />
    </nav>
  );
}

/** A section of the form with the place the index jumps to (below the sticky site header). */
export function EditorSectionAnchor({ section, children }: { section: EditorSection; children: ReactNode }) {
  return (
    <div id={sectionId(section)} tabIndex={-1} className="scroll-mt-24 focus:outline-none">
      {children}
    </div>
  );
}

interface SaveBarProps {
  formId: string;
  changeCount: number;
  isSaving: boolean;
}

/**
 * The editor's bar stuck to the bottom of the screen: how many changes are not saved yet, Save, and
 * the sections to jump to. In the page's flow at its end (it takes its own room there) and with the
 * page's scroll-padding, it never sits over a field for good.
 */
export function SaveBar({ formId, changeCount, isSaving }: SaveBarProps) {
  const barRef = useRef<HTMLElement>(null);
  const menuRef = useRef<HTMLDetailsElement>(null);
  useBottomBarRoom(barRef);
  return (
    <section
      ref={barRef}
      aria-label={t(k('changes.barLabel'))}
      className="sticky bottom-0 z-20 mt-6 rounded-xl border border-slate-300 bg-white px-3 py-2 shadow-[0_-4px_12px_rgba(15,23,42,0.12)] sm:px-4"
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <details ref={menuRef} className="relative">
          <summary className="cursor-pointer rounded-lg px-2 py-2 font-semibold text-emerald-900 select-none">
            {t(k('changes.sections'))}
          </summary>
          <div className="absolute bottom-full left-0 mb-2 w-max max-w-[calc(100vw-2rem)] rounded-xl border border-slate-300 bg-white p-2 shadow-lg">
            <SectionLinks
              className="flex flex-col"
              onJump={() => {
                if (menuRef.current) menuRef.current.open = false;
              }}
            />
          </div>
        </details>
        <p
          aria-live="polite"
          aria-atomic="true"
          className={`min-w-0 flex-1 font-semibold ${changeCount > 0 ? 'text-amber-900' : 'text-slate-700'}`}
        >
          {t(k('changes.count'), { count: changeCount })}
        </p>
        <Button type="submit" form={formId} disabled={isSaving}>
          {isSaving ? t(k('saving')) : t(k('save'))}
        </Button>
      </div>
    </section>
  );
}

interface ConfirmChangesProps {
  changes: readonly FieldChange[];
  nextVersion: number;
  isSaving: boolean;
  onConfirm: () => void;
  onBack: () => void;
}

/** Before a save: each changed field, its old and new value; Confirm saves, Back keeps editing. */
export function ConfirmChangesDialog({
  changes,
  nextVersion,
  isSaving,
  onConfirm,
  onBack,
}: ConfirmChangesProps) {
  return (
    <Modal title={t(k('changes.confirmTitle'))} onClose={onBack} widthClass="w-[min(40rem,calc(100vw-2rem))]">
      <p className="text-slate-800">
        {t(k('changes.confirmIntro'), { count: changes.length, version: nextVersion })}
      </p>
      <ul className="mt-3 divide-y divide-slate-200 rounded-xl border border-slate-200">
        {changes.map((change) => (
          <li key={change.label} className="px-3 py-2 [overflow-wrap:anywhere]">
            <p className="font-semibold text-slate-900">{change.label}</p>
            <p className="text-slate-800">
              <span className="text-slate-700">{change.from}</span> →{' '}
              <span className="font-semibold text-emerald-900">{change.to}</span>
            </p>
          </li>
        ))}
      </ul>
      <div className="mt-5 flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={onBack}>
          {t(k('changes.back'))}
        </Button>
        <Button disabled={isSaving} onClick={onConfirm}>
          {isSaving ? t(k('saving')) : t(k('changes.confirm'))}
        </Button>
      </div>
    </Modal>
  );
}

/**
 * Leaving the editor with unsaved changes asks first: another screen of the portal through the
 * router's blocker, closing or reloading the tab through the browser's own warning.
 */
export function LeaveGuard({ changeCount }: { changeCount: number }) {
  const isDirty = changeCount > 0;
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => isDirty && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!isDirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [isDirty]);
  if (blocker.state !== 'blocked') return null;
  return (
    <Modal title={t(k('changes.leaveTitle'))} onClose={() => blocker.reset()}>
      <p className="text-slate-800">{t(k('changes.leaveText'), { count: changeCount })}</p>
      <div className="mt-5 flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={() => blocker.proceed()}>
          {t(k('changes.leave'))}
        </Button>
        <Button onClick={() => blocker.reset()}>{t(k('changes.stay'))}</Button>
      </div>
    </Modal>
  );
}
