import {
  JOURNEY_LINK_MESSAGES,
  MOTOR_PRIVATE_CLASS_CODE,
  type MotorQuoteLink,
  type MotorQuoteStep,
  readMotorPrefill,
} from '@bima/domain';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { kenyaTodayIsoDate } from '../../lib/dates';
import {
  canKeepDrafts,
  deleteJourneyDraft,
  getJourneyDraft,
  saveJourneyDraft,
} from '../../lib/journey-drafts';
import { notify } from '../../lib/notifications';
import { decodeQuoteLink, encodeQuoteLink, QUOTE_PARAM } from '../../lib/quote-link';
import { type MotorFlowState, motorFlowStore, useMotorFlow } from '../../stores/motor-flow';
import { getProductDetails } from './api/get-product-details';
import { getRecommendations } from './api/get-recommendations';
import { t } from './i18n';
import { receiveQuotes } from './stores/flow-reducers';
import { applyPrefill, type RestoreDeps, restoreQuote, stepOfPath, toQuoteLink } from './utils/quote-state';

const STEP_PATHS: Record<MotorQuoteStep, () => string> = {
  'cover-type': paths.motorCoverType.getHref,
  'product-quotation': paths.motorProductQuotation.getHref,
  'view-details': paths.motorViewDetails.getHref,
  'basic-cover-details': paths.motorBasicCoverDetails.getHref,
  benefits: paths.motorBenefits.getHref,
  quotation: paths.motorQuotation.getHref,
};

/** How long the journey rests before it is saved as the client's draft. */
const DRAFT_SAVE_DELAY_MS = 1_000;

/** Nothing chosen in this tab: not even a value entered for it (an expired policy's "Get a new quote"). */
const isEmptyFlow = (state: MotorFlowState) =>
  !state.selectedCoverType &&
  state.quotedProducts.length === 0 &&
  state.enteredVehicleValue === 0 &&
  !state.isVehicleValueSaved;

const hasOpeningWork = (search: string) => {
  const params = new URLSearchParams(search);
  return (
    params.has(QUOTE_PARAM) ||
    readMotorPrefill(params) !== null ||
    (canKeepDrafts() && isEmptyFlow(motorFlowStore.getState()))
  );
};

/** The address of the journey on `step`, as the visitor would share it: absolute, with `?quote=`. */
export function quoteLinkHref(state: MotorFlowState, step: MotorQuoteStep): string | null {
  const link = toQuoteLink(state, step);
  if (!link) return null;
  return `${window.location.origin}${STEP_PATHS[step]()}?${QUOTE_PARAM}=${encodeQuoteLink(link)}`;
}

export interface RestoredDraftNotice {
  updatedAt: string;
}

/**
 * Opens the journey an address or the client's draft carries, once, when the wizard is entered:
 * `?quote=` (a shared link), the pinned prefill parameters (`?coverType=&value=`), or, for a signed-in
 * client whose tab holds no journey, their latest draft, opened at once (see ARCHITECTURE: a client
 * opening the journey with nothing in this tab has almost always come back to it; "Start a new quote"
 * undoes it in one tap). Until then `phase` is 'opening' and the wizard shows that instead of a screen.
 */
export function useOpenQuote() {
  const location = useLocation();
  const navigate = useNavigate();
  const [phase, setPhase] = useState<'opening' | 'ready'>(() =>
    hasOpeningWork(location.search) ? 'opening' : 'ready',
  );
  const [notice, setNotice] = useState<RestoredDraftNotice | null>(null);
  // The screen the journey opens on: the router commits it in a transition, after `phase` turns
  // ready, so the wizard waits until the address is there (never rendering the old screen's guard).
  const [target, setTarget] = useState<string | null>(null);
  const initial = useRef({ search: location.search, pathname: location.pathname });
  const isAtTarget = target === null || location.pathname === target;

  useEffect(() => {
    if (target !== null && location.pathname === target) setTarget(null);
  }, [target, location.pathname]);

  useEffect(() => {
    const { search, pathname } = initial.current;
    const params = new URLSearchParams(search);
    const today = kenyaTodayIsoDate();
    const deps: RestoreDeps = { fetchQuotes: getRecommendations, fetchProduct: getProductDetails, today };
    const go = async (href: string) => {
      setTarget(href);
      await navigate(href, { replace: true });
    };

    const open = async (link: MotorQuoteLink): Promise<boolean> => {
      try {
        const restored = await restoreQuote(link, deps);
        motorFlowStore.setState({ ...restored.state, errors: restored.errors });
        await go(STEP_PATHS[restored.step]());
        return true;
      } catch {
        // The quotes could not be asked for: keep the cover and value, and let Get Quote try again.
        const bare = await restoreQuote({ ...link, step: 'cover-type' }, deps);
        motorFlowStore.setState({ ...bare.state, errors: [t('motor.quoteLink.fetchFailed')] });
        await go(paths.motorCoverType.getHref());
        return false;
      }
    };

    const run = async () => {
      const raw = params.get(QUOTE_PARAM);
      if (raw !== null) {
        const link = decodeQuoteLink(raw);
        if (!link) {
          motorFlowStore.reset();
          motorFlowStore.setState({ errors: [JOURNEY_LINK_MESSAGES.invalidLink] });
          await go(paths.motorCoverType.getHref());
          return;
        }
        const wanted = { ...link, step: stepOfPath(pathname) ?? link.step };
        const current = toQuoteLink(motorFlowStore.getState(), wanted.step);
        // This tab already holds the journey (a reload): nothing to ask for again.
        if (current && encodeQuoteLink(current) === encodeQuoteLink(wanted)) return;
        if (await open(wanted)) {
          notify({
            type: 'success',
            title: t('motor.quoteLink.opened'),
            message: t('motor.quoteLink.openedText'),
          });
        }
        return;
      }

      const prefill = readMotorPrefill(params);
      if (prefill) {
        const { state, canQuote, hasProblems } = applyPrefill(prefill, {
          insuranceClass: MOTOR_PRIVATE_CLASS_CODE,
          today,
        });
        const errors: string[] = hasProblems ? [JOURNEY_LINK_MESSAGES.invalidPrefill] : [];
        motorFlowStore.setState({ ...state, errors });
        if (!canQuote) {
          await go(paths.motorCoverType.getHref());
          return;
        }
        try {
          const quotes = await getRecommendations({
            insuranceClass: MOTOR_PRIVATE_CLASS_CODE,
            riskValue: state.vehicleValue,
            coverType: prefill.coverType,
          });
          motorFlowStore.setState((current) => receiveQuotes(current, quotes, MOTOR_PRIVATE_CLASS_CODE));
          await go(paths.motorProductQuotation.getHref());
        } catch {
          motorFlowStore.setState({ errors: [...errors, t('motor.quoteLink.fetchFailed')] });
          await go(paths.motorCoverType.getHref());
        }
        return;
      }

      if (canKeepDrafts() && isEmptyFlow(motorFlowStore.getState())) {
        const draft = await getJourneyDraft('motor-private').catch(() => null);
        // The visitor may have started meanwhile: their own choices win over the draft.
        if (!draft || !isEmptyFlow(motorFlowStore.getState())) return;
        if (await open(draft.state)) setNotice({ updatedAt: draft.updatedAt });
      }
    };

    let isCurrent = true;
    void run().finally(() => {
      if (isCurrent) setPhase('ready');
    });
    return () => {
      isCurrent = false;
    };
  }, [navigate]);

  const startAfresh = () => {
    setNotice(null);
    motorFlowStore.reset();
    void deleteJourneyDraft('motor-private').catch(() => undefined);
    navigate(paths.motorCoverType.getHref(), { replace: true });
  };

  return { phase: isAtTarget ? phase : 'opening', notice, startAfresh };
}

/**
 * Keeps the address of each quote screen carrying the journey (`?quote=`), so copying it or opening
 * it in a new tab reopens the same quote, and saves a signed-in client's journey as their draft when
 * it changes (a new step, a new choice), a second after the last change and before leaving.
 *
 * The address is replaced with `history.replaceState` after the router has settled rather than with
 * a navigation, so it never races a screen's own redirect (a guard sending the visitor back a step).
 */
export function useQuoteLinkSync(isReady: boolean) {
  const location = useLocation();
  const routerStep = stepOfPath(location.pathname) ?? 'cover-type';
  // The journey's link as text: the wizard re-renders only when the link itself changes.
  const current = useMotorFlow((state) => {
    const link = toQuoteLink(state, routerStep);
    return link ? encodeQuoteLink(link) : null;
  });
  const savedRef = useRef<string | null>(null);
  const pendingRef = useRef<{ timer: number; link: MotorQuoteLink } | null>(null);
  const baselineRef = useRef<string | null | undefined>(undefined);

  useEffect(() => {
    if (!isReady || !location.pathname.startsWith(paths.motorBasicDetails.getHref())) return;
    const timer = window.setTimeout(() => {
      const { pathname, search, hash } = window.location;
      if (!pathname.startsWith(paths.motorBasicDetails.getHref())) return;
      const step = stepOfPath(pathname) ?? 'cover-type';
      const link = toQuoteLink(motorFlowStore.getState(), step);
      const encoded = link ? encodeQuoteLink(link) : null;
      // The journey moved on since this render: the next run writes it.
      if (step === routerStep && encoded !== current) return;
      const wanted = encoded ? `?${QUOTE_PARAM}=${encoded}` : '';
      if (search !== wanted)
        window.history.replaceState(window.history.state, '', `${pathname}${wanted}${hash}`);

      // The journey as the wizard was entered is not a change: only what the client does next is saved.
      if (baselineRef.current === undefined) {
        baselineRef.current = encoded;
        return;
      }
      if (!link || !encoded || encoded === baselineRef.current || encoded === savedRef.current) return;
      if (!canKeepDrafts()) return;
      if (pendingRef.current) window.clearTimeout(pendingRef.current.timer);
      pendingRef.current = {
        link,
        timer: window.setTimeout(() => {
          pendingRef.current = null;
          savedRef.current = encoded;
          void saveJourneyDraft('motor-private', link).catch(() => undefined);
        }, DRAFT_SAVE_DELAY_MS),
      };
    }, 0);
    return () => window.clearTimeout(timer);
  }, [isReady, current, routerStep, location.pathname]);

  // Leaving the wizard (Proceed to Purchase) saves what is waiting at once.
  useEffect(
    () => () => {
      const pending = pendingRef.current;
      if (!pending) return;
      window.clearTimeout(pending.timer);
      void saveJourneyDraft('motor-private', pending.link).catch(() => undefined);
    },
    [],
  );
}
