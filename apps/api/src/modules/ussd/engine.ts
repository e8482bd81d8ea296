import { parseKenyanPhone } from '@bima/domain';
import { and, desc, eq, gt, isNotNull, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { clients, users, ussdPhones, ussdSessions } from '../../db/schema';
import { type Bilingual, type Language, languageOf } from '../../lib/language';
import type { Services } from '../../services';
import { enqueueSms } from '../../sms/queue';
import { USSD_SCREEN_MAX, type UssdCaller, type UssdContext, type UssdMenu, type UssdStep } from './menu';
import { USSD_MENUS } from './menus';
import { USSD_SCREEN, ussdLockoutSms } from './messages';

/*
 * The USSD engine (issue 32). Africa's Talking posts every step of a session with `text`, the
 * caller's answers so far joined with "*"; the engine keeps where the session is (ussd_sessions), takes
 * the part of `text` after what it already took as the new answer, and answers one screen. A request
 * repeated with the same `text` (the network retried) gets the same screen again, nothing done twice.
 *
 * Where a session is (ussd_sessions.state):
 *   language  the first dial of a phone: 1 English, 2 Kiswahili (remembered in ussd_phones)
 *   resume    a session of this phone left without an END less than 5 minutes ago: continue or start again
 *   main      the main menu (the personal menus only for a client's verified phone)
 *   id        the last 4 digits of the ID number before a personal menu (3 tries)
 *   menu      inside a menu, at one of its steps
 */

/** How long after its last answer a session the network dropped may be continued by dialling again. */
export const USSD_RESUME_WINDOW_MS = 5 * 60_000;
/** Wrong ID digits a session allows before it ends (and the client is told by SMS). */
export const USSD_ID_TRIES = 3;
/**
 * After a session ended on wrong ID digits, how long the phone's personal menus stay shut: without
 * it a guesser would dial again and again (3 guesses a dial), and the client would get a text a dial.
 */
export const USSD_LOCKOUT_MS = 60 * 60_000;
/** The main-menu answer that switches the language (the menus keep 1–5). */
const LANGUAGE_CHOICE = '6';

export interface UssdRequest {
  sessionId: string;
  serviceCode: string;
  phoneNumber: string;
  networkCode?: string | null;
  text: string;
}

export interface UssdAnswer {
  type: 'con' | 'end';
  screen: string;
}

export interface UssdEngineDeps {
  db: Database;
  services: Services;
  config: Config;
  log: FastifyBaseLogger;
}

type MenuId = UssdMenu['id'];
type SessionState =
  | { at: 'language' }
  | { at: 'resume'; from: string }
  | { at: 'main'; verified?: boolean }
  | { at: 'id'; menu: MenuId; tries: number; verified?: boolean }
  | { at: 'menu'; menu: MenuId; step: UssdStep; verified?: boolean }
  /** Ended on 3 wrong ID digits (USSD_LOCKOUT_MS). */
  | { at: 'locked' };

/** What a session keeps: where it is and the `text` it has taken so far. */
interface Stored {
  state: SessionState;
  taken: string;
}

type Screen =
  | { type: 'con'; screen: string; state: SessionState }
  | { type: 'end'; screen: string; state?: SessionState };

/** Answers one request of Africa's Talking. Never throws for anything the caller sent. */
export async function handleUssdRequest(deps: UssdEngineDeps, request: UssdRequest): Promise<UssdAnswer> {
  const phone = parseKenyanPhone(request.phoneNumber)?.e164 ?? request.phoneNumber.trim();
  const text = request.text ?? '';
  const limit = await deps.services.limiter.count(
    { limit: deps.config.USSD_REQUESTS_PER_MINUTE, windowMs: 60_000 },
    `ussd:${phone}`,
  );
  const remembered = await rememberedLanguage(deps.db, phone);
  if (limit.count > limit.limit) {
    const language = remembered ?? 'en';
    return fitScreen(deps, { type: 'end', screen: USSD_SCREEN.tooMany[language] });
  }

  const [existing] = await deps.db
    .select()
    .from(ussdSessions)
    .where(eq(ussdSessions.sessionId, request.sessionId))
    .limit(1);
  if (existing) {
    const stored = storedOf(existing.state);
    // The same request again (or an older one): the same screen, nothing done twice.
    if (existing.lastScreen && (text === stored.taken || existing.status === 'ended'))
      return parseStored(existing.lastScreen);
    const answer = newAnswer(stored.taken, text);
    if (answer === null) return parseStored(existing.lastScreen ?? 'END ');
    // One request at a time takes an answer (an M-Pesa prompt is sent once); a twin waits for its screen.
    if (!(await claimAnswer(deps.db, existing, text))) return waitForScreen(deps.db, request.sessionId, text);
    const caller = await callerOf(deps.db, phone, remembered ?? 'en');
    let screen: Screen;
    try {
      screen = await step(deps, request, caller, stored.state, answer.trim());
    } catch (error) {
      await releaseAnswer(deps.db, request.sessionId);
      throw error;
    }
    return save(deps, request, phone, { previous: existing, taken: text, screen });
  }

  // A new session: the language screen on a phone's first dial; the offer to continue a session the
  // network dropped; else the main menu. A dial with answers already in it (*384*123*1#) takes them one by one.
  const caller = await callerOf(deps.db, phone, remembered ?? 'en');
  let screen: Screen;
  const resumable = remembered ? await resumableSession(deps.db, phone) : undefined;
  if (!remembered) screen = { type: 'con', screen: languageScreen(), state: { at: 'language' } };
  else if (resumable) screen = resumeScreen(caller, resumable.sessionId);
  else screen = mainMenu(caller, {});
  if (!resumable && text !== '') {
    for (const answer of text.split('*')) {
      if (screen.type === 'end') break;
      const current: UssdCaller = { ...caller, language: (await rememberedLanguage(deps.db, phone)) ?? 'en' };
      screen = await step(deps, request, current, screen.state, answer.trim());
    }
  }
  return save(deps, request, phone, { previous: null, taken: resumable ? '' : text, screen });
}

/** How long one answer may take (an M-Pesa prompt, DMVIC) before a repeat of it may take it over. */
const ANSWER_CLAIM_MS = 20_000;

/**
 * Marks the session as taking `text` (state.working) unless another request is already at it: Africa's
 * Talking (or a double tap) may send the same step twice at once, and a step can have effects.
 */
async function claimAnswer(
  db: Database,
  session: typeof ussdSessions.$inferSelect,
  text: string,
): Promise<boolean> {
  const now = Date.now();
  const working = JSON.stringify({ text, until: now + ANSWER_CLAIM_MS });
  const claimed = await db
    .update(ussdSessions)
    .set({ state: sql`jsonb_set(${ussdSessions.state}, '{working}', ${working}::jsonb)` })
    .where(
      and(
        eq(ussdSessions.sessionId, session.sessionId),
        eq(ussdSessions.answers, session.answers),
        sql`coalesce((${ussdSessions.state}->'working'->>'until')::bigint, 0) < ${now}`,
      ),
    )
    .returning({ sessionId: ussdSessions.sessionId });
  return claimed.length > 0;
}

async function releaseAnswer(db: Database, sessionId: string): Promise<void> {
  await db
    .update(ussdSessions)
    .set({ state: sql`${ussdSessions.state} - 'working'` })
    .where(eq(ussdSessions.sessionId, sessionId));
}

/** The screen the request at work on the same answer sends (waiting for it up to ANSWER_CLAIM_MS). */
async function waitForScreen(db: Database, sessionId: string, text: string): Promise<UssdAnswer> {
  const deadline = Date.now() + ANSWER_CLAIM_MS;
  for (;;) {
    const [current] = await db
      .select()
      .from(ussdSessions)
      .where(eq(ussdSessions.sessionId, sessionId))
      .limit(1);
    const stored = current ? (current.state as { working?: unknown; taken?: unknown }) : null;
    const done = !stored?.working || stored.taken === text || current?.status === 'ended';
    if (current?.lastScreen && (done || Date.now() > deadline)) return parseStored(current.lastScreen);
    if (!current || Date.now() > deadline) return { type: 'end', screen: USSD_SCREEN.unavailable.en };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The answer in `text` after the `taken` part, or null when `text` does not continue it. */
function newAnswer(taken: string, text: string): string | null {
  if (taken === '') return text;
  if (!text.startsWith(`${taken}*`)) return null;
  return text.slice(taken.length + 1);
}

async function step(
  deps: UssdEngineDeps,
  request: UssdRequest,
  caller: UssdCaller,
  state: SessionState,
  input: string,
): Promise<Screen> {
  const verified = 'verified' in state ? state.verified : undefined;
  switch (state.at) {
    case 'language': {
      const language = input === '1' ? 'en' : input === '2' ? 'sw' : null;
      if (!language) return { type: 'con', screen: languageScreen(), state };
      await setLanguage(deps.db, caller.phone, language);
      return mainMenu({ ...caller, language }, {});
    }
    case 'resume': {
      if (input === '1') return resume(deps, request, caller, state.from);
      if (input === '2') {
        await endSession(deps.db, state.from);
        return mainMenu(caller, {});
      }
      return resumeScreen(caller, state.from);
    }
    case 'main': {
      if (input === LANGUAGE_CHOICE) {
        const language: Language = caller.language === 'en' ? 'sw' : 'en';
        await setLanguage(deps.db, caller.phone, language);
        return mainMenu({ ...caller, language }, { verified });
      }
      const menu = visibleMenus(caller).find((entry) => entry.number === input)?.menu;
      if (!menu) return mainMenu(caller, { verified, notice: USSD_SCREEN.notAChoice });
      if (menu.personal && !verified && (await lockedOut(deps.db, caller.phone)))
        return { type: 'end', screen: say(caller, USSD_SCREEN.idLockedFor) };
      if (menu.personal && !verified && (await idNumberOf(deps.db, caller)) === null)
        return { type: 'end', screen: say(caller, USSD_SCREEN.noIdNumber) };
      if (menu.personal && !verified)
        return {
          type: 'con',
          screen: say(caller, USSD_SCREEN.idPrompt),
          state: { at: 'id', menu: menu.id, tries: 0 },
        };
      return startMenu(deps, request, caller, menu, verified);
    }
    case 'id': {
      if (input === '0') return mainMenu(caller, {});
      const menu = menuOf(state.menu);
      if (await idMatches(deps.db, caller, input)) return startMenu(deps, request, caller, menu, true);
      const tries = state.tries + 1;
      if (tries >= USSD_ID_TRIES) {
        await lockOut(deps, request, caller);
        return { type: 'end', screen: say(caller, USSD_SCREEN.idLocked), state: { at: 'locked' } };
      }
      return {
        type: 'con',
        screen: say(caller, USSD_SCREEN.idWrong(USSD_ID_TRIES - tries)),
        state: { at: 'id', menu: state.menu, tries },
      };
    }
    case 'locked':
      return { type: 'end', screen: say(caller, USSD_SCREEN.idLocked), state };
    case 'menu': {
      if (input === '0') return mainMenu(caller, { verified });
      const menu = menuOf(state.menu);
      // A personal menu on a phone that is no longer a client's verified phone: back to the open menus.
      if (menu.personal && (!caller.client || !verified)) return mainMenu(caller, {});
      const reply = await menu.answer(contextOf(deps, request, caller), state.step, input);
      if (reply.type === 'end') return reply;
      return {
        type: 'con',
        screen: reply.screen,
        state: { at: 'menu', menu: menu.id, step: reply.next, verified },
      };
    }
  }
}

async function startMenu(
  deps: UssdEngineDeps,
  request: UssdRequest,
  caller: UssdCaller,
  menu: UssdMenu,
  verified: boolean | undefined,
): Promise<Screen> {
  const reply = await menu.start(contextOf(deps, request, caller));
  if (reply.type === 'end') return reply;
  return {
    type: 'con',
    screen: reply.screen,
    state: { at: 'menu', menu: menu.id, step: reply.next, verified },
  };
}

function contextOf(deps: UssdEngineDeps, request: UssdRequest, caller: UssdCaller): UssdContext {
  return {
    db: deps.db,
    services: deps.services,
    config: deps.config,
    log: deps.log,
    caller,
    t: (text) => text[caller.language],
    sessionId: request.sessionId,
  };
}

function menuOf(id: MenuId): UssdMenu {
  const menu = USSD_MENUS.find((entry) => entry.id === id);
  if (!menu) throw new Error(`no USSD menu ${id}`);
  return menu;
}

/** The main-menu lines this caller may choose: each menu keeps its number (1–5); personal ones only for a client. */
function visibleMenus(caller: UssdCaller): { number: string; menu: UssdMenu }[] {
  return USSD_MENUS.map((menu, index) => ({ number: String(index + 1), menu })).filter(
    ({ menu }) => !menu.personal || caller.client !== null,
  );
}

function mainMenu(caller: UssdCaller, options: { verified?: boolean; notice?: Bilingual }): Screen {
  const lines = [
    options.notice ? say(caller, options.notice) : say(caller, USSD_SCREEN.welcome),
    ...visibleMenus(caller).map(({ number, menu }) => `${number}. ${say(caller, menu.label)}`),
    `${LANGUAGE_CHOICE}. ${say(caller, USSD_SCREEN.otherLanguage)}`,
  ];
  return { type: 'con', screen: lines.join('\n'), state: { at: 'main', verified: options.verified } };
}

function languageScreen(): string {
  return USSD_SCREEN.chooseLanguage;
}

function resumeScreen(caller: UssdCaller, from: string): Screen {
  return { type: 'con', screen: say(caller, USSD_SCREEN.resume), state: { at: 'resume', from } };
}

/** Continues the dropped session `from` at its last screen; it is ended, this one carries on. */
async function resume(
  deps: UssdEngineDeps,
  request: UssdRequest,
  caller: UssdCaller,
  from: string,
): Promise<Screen> {
  const [previous] = await deps.db
    .select()
    .from(ussdSessions)
    .where(eq(ussdSessions.sessionId, from))
    .limit(1);
  await endSession(deps.db, from);
  if (!previous?.lastScreen) return mainMenu(caller, {});
  const state = storedOf(previous.state).state;
  const last = parseStored(previous.lastScreen);
  // The menu screen as it was (in the language it was shown in), waiting on the same step.
  if (last.type === 'end' || state.at === 'language' || state.at === 'resume') return mainMenu(caller, {});
  await deps.db
    .update(ussdSessions)
    .set({ resumedFrom: from })
    .where(eq(ussdSessions.sessionId, request.sessionId));
  return { type: 'con', screen: last.screen, state };
}

/** The phone's session left without an END whose last answer was less than 5 minutes ago, if any. */
async function resumableSession(db: Database, phone: string) {
  const [latest] = await db
    .select()
    .from(ussdSessions)
    .where(eq(ussdSessions.phone, phone))
    .orderBy(desc(ussdSessions.updatedAt))
    .limit(1);
  if (!latest || latest.status === 'ended') return undefined;
  if (Date.now() - latest.updatedAt.getTime() > USSD_RESUME_WINDOW_MS) return undefined;
  const state = storedOf(latest.state).state;
  // Only a session that got somewhere: inside a menu or at the ID check.
  return state.at === 'menu' || state.at === 'id' ? latest : undefined;
}

async function endSession(db: Database, sessionId: string): Promise<void> {
  await db.update(ussdSessions).set({ status: 'ended' }).where(eq(ussdSessions.sessionId, sessionId));
}

/** Whether a session of this phone ended on wrong ID digits within USSD_LOCKOUT_MS. */
async function lockedOut(db: Database, phone: string): Promise<boolean> {
  const [locked] = await db
    .select({ sessionId: ussdSessions.sessionId })
    .from(ussdSessions)
    .where(
      and(
        eq(ussdSessions.phone, phone),
        gt(ussdSessions.updatedAt, new Date(Date.now() - USSD_LOCKOUT_MS)),
        sql`${ussdSessions.state}->'state'->>'at' = 'locked'`,
      ),
    )
    .limit(1);
  return locked !== undefined;
}

/** The client's ID number as KYC keeps it (clients.id_number), or null when none was given. */
async function idNumberOf(db: Database, caller: UssdCaller): Promise<string | null> {
  if (!caller.client) return null;
  const [client] = await db
    .select({ idNumber: clients.idNumber })
    .from(clients)
    .where(eq(clients.userId, caller.client.userId))
    .limit(1);
  const digits = (client?.idNumber ?? '').replace(/\s/g, '');
  return digits.length >= 4 ? digits : null;
}

async function idMatches(db: Database, caller: UssdCaller, input: string): Promise<boolean> {
  if (!/^\d{4}$/.test(input)) return false;
  const digits = await idNumberOf(db, caller);
  return digits !== null && digits.slice(-4) === input;
}

/** Three wrong ID tries: the client hears of it by SMS (once per session). */
async function lockOut(deps: UssdEngineDeps, request: UssdRequest, caller: UssdCaller): Promise<void> {
  if (!caller.client) return;
  const [user] = await deps.db
    .select({ language: users.language })
    .from(users)
    .where(eq(users.id, caller.client.userId))
    .limit(1);
  const language = languageOf(user?.language);
  await enqueueSms(deps.db, {
    to: caller.phone,
    text: ussdLockoutSms(request.serviceCode)[language],
    kind: 'ussd_lockout',
    userId: caller.client.userId,
    dedupeKey: `ussd_lockout:${request.sessionId}`,
  });
  deps.log.warn({ sessionId: request.sessionId }, 'USSD: three wrong ID numbers, session ended');
}

/** The client whose verified phone this is: one active client account, else nobody. */
async function callerOf(db: Database, phone: string, language: Language): Promise<UssdCaller> {
  const found = await db
    .select({ userId: users.id, firstName: users.firstName })
    .from(users)
    .where(
      and(
        eq(users.phone, phone),
        isNotNull(users.phoneVerifiedAt),
        eq(users.role, 'client'),
        ne(users.status, 'DISABLED'),
      ),
    )
    .limit(2);
  return { phone, language, client: found.length === 1 ? found[0]! : null };
}

async function rememberedLanguage(db: Database, phone: string): Promise<Language | null> {
  const [row] = await db.select().from(ussdPhones).where(eq(ussdPhones.phone, phone)).limit(1);
  return row ? languageOf(row.language) : null;
}

async function setLanguage(db: Database, phone: string, language: Language): Promise<void> {
  await db
    .insert(ussdPhones)
    .values({ phone, language })
    .onConflictDoUpdate({ target: ussdPhones.phone, set: { language, updatedAt: new Date() } });
}

const say = (caller: UssdCaller, text: Bilingual) => text[caller.language];

function storedOf(value: unknown): Stored {
  const stored = value as Partial<Stored> | null;
  return {
    state: (stored?.state as SessionState | undefined) ?? { at: 'main' },
    taken: typeof stored?.taken === 'string' ? stored.taken : '',
  };
}

const wire = (screen: UssdAnswer) => `${screen.type === 'con' ? 'CON' : 'END'} ${screen.screen}`;

function parseStored(line: string): UssdAnswer {
  return line.startsWith('CON ')
    ? { type: 'con', screen: line.slice(4) }
    : { type: 'end', screen: line.slice(4) };
}

/** A screen within 182 characters: a longer one is a bug, refused in tests, cut (and logged) elsewhere. */
export function fitScreen(deps: Pick<UssdEngineDeps, 'config' | 'log'>, screen: UssdAnswer): UssdAnswer {
  if (screen.screen.length <= USSD_SCREEN_MAX) return screen;
  if (deps.config.NODE_ENV === 'test')
    throw new Error(
      `USSD screen of ${screen.screen.length} characters (at most ${USSD_SCREEN_MAX}): ${screen.screen}`,
    );
  deps.log.error({ length: screen.screen.length }, 'USSD screen longer than 182 characters: cut');
  return { ...screen, screen: screen.screen.slice(0, USSD_SCREEN_MAX) };
}

async function save(
  deps: UssdEngineDeps,
  request: UssdRequest,
  phone: string,
  options: { previous: typeof ussdSessions.$inferSelect | null; taken: string; screen: Screen },
): Promise<UssdAnswer> {
  const answer = fitScreen(deps, { type: options.screen.type, screen: options.screen.screen });
  const state: Stored = {
    state: options.screen.state ?? storedOf(options.previous?.state).state,
    taken: options.taken,
  };
  const values = {
    state: state as unknown as Record<string, unknown>,
    answers: options.taken === '' ? 0 : options.taken.split('*').length,
    lastScreen: wire(answer),
    status: answer.type === 'end' ? 'ended' : 'active',
    updatedAt: new Date(),
  };
  if (options.previous) {
    // Only over the state this answer was taken from: a concurrent repeat that got there first wins.
    const updated = await deps.db
      .update(ussdSessions)
      .set(values)
      .where(
        and(
          eq(ussdSessions.sessionId, request.sessionId),
          eq(ussdSessions.answers, options.previous.answers),
        ),
      )
      .returning({ sessionId: ussdSessions.sessionId });
    if (updated.length === 0) {
      const [current] = await deps.db
        .select()
        .from(ussdSessions)
        .where(eq(ussdSessions.sessionId, request.sessionId))
        .limit(1);
      if (current?.lastScreen) return parseStored(current.lastScreen);
    }
    return answer;
  }
  await deps.db
    .insert(ussdSessions)
    .values({
      sessionId: request.sessionId,
      phone,
      serviceCode: request.serviceCode,
      networkCode: request.networkCode ?? null,
      ...values,
    })
    .onConflictDoUpdate({ target: ussdSessions.sessionId, set: values });
  return answer;
}
