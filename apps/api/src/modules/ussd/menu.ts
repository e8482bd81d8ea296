import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { Bilingual, Language } from '../../lib/language';
import type { Services } from '../../services';

/*
 * The USSD channel (issue 32): Africa's Talking POSTs each step of a session to /v2/api/ussd and we
 * answer `CON <screen>` (wait for an answer) or `END <screen>` (close). The engine (engine.ts) keeps
 * the session, the language, the main menu, resuming, the ID check and the limits; each of the five
 * main-menu entries is a `UssdMenu` in menus/, driven one answer at a time.
 */

/** Who is dialling. */
export interface UssdCaller {
  /** E.164, e.g. +254712345678 (Africa's Talking's phoneNumber). */
  phone: string;
  language: Language;
  /** The client whose verified phone this is (users.phone with phone_verified_at), or null. */
  client: { userId: string; firstName: string } | null;
}

/** What a menu step gets. */
export interface UssdContext {
  db: Database;
  services: Services;
  config: Config;
  log: FastifyBaseLogger;
  caller: UssdCaller;
  /** `text` in the caller's language. */
  t(text: Bilingual): string;
  /** The Africa's Talking sessionId (e.g. an idempotency key for a payment prompt). */
  sessionId: string;
}

/** Where a menu is: its own step name and what it has gathered (kept in ussd_sessions.state; JSON). */
export interface UssdStep {
  step: string;
  data: Record<string, unknown>;
}

/**
 * A menu's answer: another screen and the step it waits on (`CON`), or a last screen (`END`). A
 * screen is at most 182 characters (the engine refuses longer ones in tests and cuts them in
 * production); lines are separated by "\n".
 */
export type UssdReply = { type: 'con'; screen: string; next: UssdStep } | { type: 'end'; screen: string };

export interface UssdMenu {
  /** Stable id, e.g. 'plate' (kept in the session state). */
  id: 'plate' | 'policies' | 'pay' | 'claim' | 'quote';
  /** Its line on the main menu, without the number. */
  label: Bilingual;
  /**
   * About a person's policies, payments or claims: only for a client's verified phone, and only after
   * the last 4 digits of the ID number (the engine asks; 3 wrong tries end the session and the client
   * is told by SMS). Others see only the menus that are not personal (plate check, quote).
   */
  personal: boolean;
  /** The first screen once chosen (and, for a personal menu, once the ID check passed). */
  start(context: UssdContext): Promise<UssdReply>;
  /** The caller answered `input` (trimmed) on `step`. "0" is Back to the main menu (the engine's). */
  answer(context: UssdContext, step: UssdStep, input: string): Promise<UssdReply>;
}

/** The longest screen Africa's Talking shows. */
export const USSD_SCREEN_MAX = 182;

export const con = (screen: string, step: string, data: Record<string, unknown> = {}): UssdReply => ({
  type: 'con',
  screen,
  next: { step, data },
});
export const end = (screen: string): UssdReply => ({ type: 'end', screen });

/** A screen's words with its `{name}` places filled (a name not given stays as written). */
export const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
