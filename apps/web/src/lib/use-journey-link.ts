import { JOURNEY_LINK_MESSAGES, type JourneyProductLine, type JourneyStateOf } from '@bima/domain';
import { useEffect, useRef, useState } from 'react';
import type { ZodType } from 'zod';
import { t } from '../components/i18n';
import { canKeepDrafts, deleteJourneyDraft, getJourneyDraft, saveJourneyDraft } from './journey-drafts';
import { notify } from './notifications';
import { decodeJourneyLink, encodeJourneyLink, QUOTE_PARAM } from './quote-link';

const encodeWith = <T>(schema: ZodType<T>, link: T | null) => (link ? encodeJourneyLink(schema, link) : null);

/** How long the journey rests before it is saved as the client's draft. */
const DRAFT_SAVE_DELAY_MS = 1_000;

export interface JourneyLinkOptions<Line extends JourneyProductLine> {
  /** The product line: its draft on the server, its schema for the address. */
  line: Line;
  schema: ZodType<JourneyStateOf<Line>>;
  /** The journey in this tab as a link, or null while nothing is chosen (or once it is paid). */
  linkOf: () => JourneyStateOf<Line> | null;
  /** Calls back when the journey in this tab changes (the flow store's subscribe). */
  subscribe: (listener: () => void) => () => void;
  /** Nothing chosen in this tab and nothing prefilled by the address: a draft may open. */
  isEmpty: () => boolean;
  /** Puts a link's journey in this tab; answers the messages to show (a product no longer offered). */
  open: (link: JourneyStateOf<Line>) => Promise<string[]>;
  /** Empties this tab's journey (a damaged link, "Start a new quote"). */
  reset: () => void;
}

export type JourneyLinkPhase = 'opening' | 'ready';

/** What a single-address wizard shows of its link: opening, a message, a restored draft. */
export interface JourneyLinkView {
  phase: JourneyLinkPhase;
  /** Messages about the link (damaged, a product gone), domain texts. */
  messages: string[];
  /** When a signed-in client's draft was opened: the time it was saved. */
  restoredAt: string | null;
  startAfresh: () => void;
  /** The absolute address of the journey as it is now, to share; null before anything is chosen. */
  shareHref: () => string | null;
}

/**
 * A quote that survives a new tab and a shared link, for a wizard on one address (motor commercial,
 * the class-cover flows): once, on entry, `?quote=` (a shared link, checked by the line's schema; a
 * damaged one starts over with a message) or, for a signed-in client whose tab holds nothing, their
 * latest draft of the line. Then the address keeps carrying the journey (`history.replaceState`) and
 * a signed-in client's changes are saved as the line's draft a second after the last one.
 */
export function useJourneyLink<Line extends JourneyProductLine>(
  options: JourneyLinkOptions<Line>,
): JourneyLinkView {
  const optionsRef = useRef(options);
  optionsRef.current = options;

  const [phase, setPhase] = useState<JourneyLinkPhase>(() => {
    const params = new URLSearchParams(window.location.search);
    return params.has(QUOTE_PARAM) || (canKeepDrafts() && options.isEmpty()) ? 'opening' : 'ready';
  });
  const [messages, setMessages] = useState<string[]>([]);
  const [restoredAt, setRestoredAt] = useState<string | null>(null);

  useEffect(() => {
    const { line, schema, linkOf, isEmpty, open, reset } = optionsRef.current;
    const raw = new URLSearchParams(window.location.search).get(QUOTE_PARAM);
    const run = async () => {
      if (raw !== null) {
        const link = decodeJourneyLink(schema, raw);
        if (!link) {
          reset();
          setMessages([JOURNEY_LINK_MESSAGES.invalidLink]);
          return;
        }
        // This tab already holds the journey (a reload): nothing to ask for again.
        if (encodeWith(schema, linkOf()) === encodeWith(schema, link)) return;
        setMessages(await open(link));
        notify({
          type: 'success',
          title: t('components.journeyLink.opened'),
          message: t('components.journeyLink.openedText'),
        });
        return;
      }
      if (canKeepDrafts() && !isEmpty()) {
        // A journey begun signed out and brought through sign-in is not on the server yet: kept now,
        // unless a draft is there already (a stale tab never overwrites another device's journey).
        const current = linkOf();
        const draft = current ? await getJourneyDraft(line).catch(() => undefined) : undefined;
        if (current && draft === null) void saveJourneyDraft(line, current).catch(() => undefined);
        return;
      }
      if (canKeepDrafts() && isEmpty()) {
        const draft = await getJourneyDraft(line).catch(() => null);
        // The visitor may have started meanwhile: their own choices win over the draft.
        if (!draft || !isEmpty()) return;
        setMessages(await open(draft.state));
        setRestoredAt(draft.updatedAt);
      }
    };
    let isCurrent = true;
    void run()
      .catch(() => setMessages([JOURNEY_LINK_MESSAGES.invalidLink]))
      .finally(() => {
        if (isCurrent) setPhase('ready');
      });
    return () => {
      isCurrent = false;
    };
  }, []);

  // The address follows the journey; a signed-in client's changes become the line's draft.
  useEffect(() => {
    if (phase !== 'ready') return;
    const { line, schema, linkOf, subscribe } = optionsRef.current;
    // The journey as the wizard was entered (or opened) is not a change: only what comes next is saved.
    let baseline = encodeWith(schema, linkOf());
    let saved: string | null = null;
    let pending: { timer: number; link: JourneyStateOf<Line> } | null = null;
    const sync = () => {
      const link = linkOf();
      const encoded = encodeWith(schema, link);
      const { pathname, search, hash } = window.location;
      if (!link || !encoded) {
        // Nothing to carry any more (paid, started again): a reload must not reopen the old quote.
        if (new URLSearchParams(search).has(QUOTE_PARAM))
          window.history.replaceState(window.history.state, '', `${pathname}${hash}`);
        return;
      }
      const wanted = `?${QUOTE_PARAM}=${encoded}`;
      if (search !== wanted)
        window.history.replaceState(window.history.state, '', `${pathname}${wanted}${hash}`);
      if (encoded === baseline || encoded === saved || !canKeepDrafts()) return;
      if (pending) window.clearTimeout(pending.timer);
      pending = {
        link,
        timer: window.setTimeout(() => {
          pending = null;
          saved = encoded;
          baseline = null;
          void saveJourneyDraft(line, link).catch(() => undefined);
        }, DRAFT_SAVE_DELAY_MS),
      };
    };
    sync();
    const unsubscribe = subscribe(sync);
    return () => {
      unsubscribe();
      // Leaving the wizard saves what is waiting at once.
      if (pending) {
        window.clearTimeout(pending.timer);
        void saveJourneyDraft(line, pending.link).catch(() => undefined);
      }
    };
  }, [phase]);

  const startAfresh = () => {
    const { line, reset } = optionsRef.current;
    setRestoredAt(null);
    setMessages([]);
    reset();
    void deleteJourneyDraft(line).catch(() => undefined);
    const { pathname, hash } = window.location;
    window.history.replaceState(window.history.state, '', `${pathname}${hash}`);
  };

  const shareHref = () => {
    const encoded = encodeWith(optionsRef.current.schema, optionsRef.current.linkOf());
    if (!encoded) return null;
    return `${window.location.origin}${window.location.pathname}?${QUOTE_PARAM}=${encoded}`;
  };

  return { phase, messages, restoredAt, startAfresh, shareHref };
}
