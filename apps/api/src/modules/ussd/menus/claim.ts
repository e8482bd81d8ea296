import {
  CLAIM_MESSAGES,
  CLAIM_TYPE_LABELS,
  type ClaimStatus,
  type ClaimType,
  isMotorClass,
  reportClaimSchema,
} from '@bima/domain';
import { translateText } from '@bima/domain/i18n';
import { and, desc, eq, gte, isNull, lte, or } from 'drizzle-orm';
import { policies, quotations } from '../../../db/schema';
import { AppError } from '../../../gateway/errors';
import type { Principal } from '../../../gateway/registry';
import { kenyaToday } from '../../../lib/dates';
import { type Bilingual, formatDay } from '../../../lib/language';
import { displayPlate } from '../../certificate/service';
import { CLAIM_STATUS_WORDS, listClaims, reportClaim } from '../../claim/service';
import { con, end, fill, USSD_SCREEN_MAX, type UssdContext, type UssdMenu, type UssdReply } from '../menu';
import { USSD_SCREEN } from '../messages';

/*
 * Menu 4, Claim (issue 32): a motor claim's first notice — the policy, what happened, when, where
 * (and the police OB number where the claim needs one) — reported through the claim module's own
 * `reportClaim`, exactly as the portal's report-a-claim: REPORTED, the insurer's claims staff told,
 * the client notified; or a claim's status. Personal: the engine has checked the ID digits first.
 */

/** The words of every screen this menu can show, in both languages (a test checks both exist). */
export const CLAIM_SCREENS = {
  start: {
    en: 'Claims\n1. Report a claim\n2. Status of a claim',
    sw: 'Madai\n1. Ripoti dai\n2. Hali ya dai',
  },
  invalid: USSD_SCREEN.notAChoice,
  noPolicy: {
    en: 'You have no motor policy in cover today to claim on.',
    sw: 'Huna sera ya gari inayotumika leo ya kudai.',
  },
  whichPolicy: { en: 'Which policy?', sw: 'Sera ipi?' },
  whatHappened: {
    en: 'What happened?\n1. Accident\n2. Theft\n3. Fire\n4. Windscreen\n5. Something else',
    sw: 'Nini kilitokea?\n1. Ajali\n2. Wizi\n3. Moto\n4. Kioo cha mbele\n5. Kingine',
  },
  somethingElse: {
    en: 'Report that claim in the portal, where you can give the other party and documents:',
    sw: 'Ripoti dai hilo kwenye tovuti, ambapo unaweza kutoa maelezo ya mhusika mwingine na nyaraka:',
  },
  when: {
    en: 'When did it happen?\n1. Today\n2. Yesterday\nOr type the date, e.g. 27/11/2026',
    sw: 'Ilitokea lini?\n1. Leo\n2. Jana\nAu andika tarehe, mf. 27/11/2026',
  },
  badDate: {
    en: 'Type a date that has passed, e.g. 27/11/2026.',
    sw: 'Andika tarehe iliyopita, mf. 27/11/2026.',
  },
  where: {
    en: 'Where did it happen? (e.g. Waiyaki Way, Nairobi)',
    sw: 'Ilitokea wapi? (mf. Barabara ya Waiyaki, Nairobi)',
  },
  badPlace: { en: 'Type the place (2 to 200 letters).', sw: 'Andika mahali (herufi 2 hadi 200).' },
  ob: {
    en: 'Police OB number (e.g. OB 12/27/11/2026)',
    sw: 'Namba ya OB ya polisi (mf. OB 12/27/11/2026)',
  },
  badOb: {
    en: 'Type the OB number as the police wrote it.',
    sw: 'Andika namba ya OB kama polisi walivyoiandika.',
  },
  confirmChoices: { en: '1. Report\n2. Cancel', sw: '1. Ripoti\n2. Ghairi' },
  cancelled: { en: 'Nothing was reported.', sw: 'Hakuna kilichoripotiwa.' },
  reported: {
    en: 'Claim {ref} reported. The insurer will contact you. Add photos and documents in the portal.',
    sw: 'Dai {ref} limeripotiwa. Kampuni ya bima itawasiliana nawe. Ongeza picha na nyaraka kwenye tovuti.',
  },
  noClaims: { en: 'You have no claims.', sw: 'Huna madai.' },
  whichClaim: { en: 'Which claim?', sw: 'Dai lipi?' },
  status: {
    en: 'Claim {ref} ({type}), reported {reported}: {status}.',
    sw: 'Dai {ref} ({type}), liliripotiwa {reported}: {status}.',
  },
  failed: {
    en: 'The claim could not be reported: {reason}',
    sw: 'Dai halikuweza kuripotiwa: {reason}',
  },
  description: {
    en: 'Reported by USSD: {type} on {date} at {place}.',
    sw: 'Limeripotiwa kwa USSD: {type} tarehe {date} mahali {place}.',
  },
} as const satisfies Record<string, Bilingual>;

const S = CLAIM_SCREENS;
/** The types a first notice by USSD takes, in the menu's order; "5 Something else" goes to the portal. */
const TYPES: readonly ClaimType[] = ['accident', 'theft', 'fire', 'windscreen'];
const MAX_LISTED = 5;

const clientPrincipal = (userId: string): Principal => ({
  userId,
  role: 'client',
  sessionId: null,
  intermediaryId: null,
  underwriterId: null,
});

const typeWord = (context: UssdContext, type: ClaimType) =>
  context.caller.language === 'sw' ? translateText(CLAIM_TYPE_LABELS[type], 'sw') : CLAIM_TYPE_LABELS[type];

/** The vehicle's plate as people write it (KCA 123A), as the plate check shows it. */
const plateOf = (vehicle: Record<string, unknown> | null) =>
  typeof vehicle?.registrationNumber === 'string' ? displayPlate(vehicle.registrationNumber) : '';

/** The client's motor policies in cover today, newest first (those reportClaim takes). */
async function claimablePolicies(context: UssdContext, userId: string) {
  const today = kenyaToday();
  const rows = await context.db
    .select({
      policyNumber: policies.policyNumber,
      startDate: policies.startDate,
      classCode: quotations.classCode,
      vehicle: quotations.vehicle,
    })
    .from(policies)
    .innerJoin(quotations, eq(quotations.id, policies.quotationId))
    .where(
      and(
        eq(policies.userId, userId),
        lte(policies.startDate, today),
        gte(policies.endDate, today),
        or(isNull(policies.cancelledOn), gte(policies.cancelledOn, today)),
      ),
    )
    .orderBy(desc(policies.issuedAt));
  return rows.filter((row) => isMotorClass(row.classCode)).slice(0, MAX_LISTED);
}

/** `DD/MM/YYYY` (also with `.` or `-`, or 8 digits) → `YYYY-MM-DD`, or null. */
function parseDay(input: string): string | null {
  const match = /^(\d{1,2})[/.-]?(\d{1,2})[/.-]?(\d{4})$/.exec(input.replace(/\s/g, ''));
  if (!match) return null;
  const [, day, month, year] = match;
  const iso = `${year}-${month!.padStart(2, '0')}-${day!.padStart(2, '0')}`;
  const date = new Date(`${iso}T12:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === iso ? iso : null;
}

const daysBefore = (day: string, days: number) =>
  new Date(Date.parse(`${day}T12:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

const again = (context: UssdContext, problem: Bilingual, screen: Bilingual, step: string, data = {}) =>
  con(`${context.t(problem)}\n${context.t(screen)}`, step, data);

function policyScreen(context: UssdContext, list: { policyNumber: string; plate: string }[], prefix = '') {
  const lines = list.map((row, index) => `${index + 1}. ${row.plate || row.policyNumber}`);
  return `${prefix}${context.t(S.whichPolicy)}\n${lines.join('\n')}`;
}

function confirmScreen(context: UssdContext, data: ClaimDraft): string {
  const type = typeWord(context, data.type as ClaimType);
  const day = formatDay(data.incidentDate as string, context.caller.language);
  const head = `${type}, ${data.plate || data.policyNumber}, ${day}, ${data.place}`;
  const tail = `\n${context.t(S.confirmChoices)}`;
  // The place is the caller's own words: cut it rather than the choices if the screen runs long.
  const room = USSD_SCREEN_MAX - tail.length;
  return `${head.length > room ? `${head.slice(0, room - 1)}…` : head}${tail}`;
}

type ClaimDraft = Record<string, unknown>;

async function statusList(context: UssdContext, userId: string, prefix = ''): Promise<UssdReply> {
  const claims = (await clientClaims(context, userId)).items;
  if (claims.length === 0) return end(context.t(S.noClaims));
  if (claims.length === 1) return statusOf(context, userId, claims[0]!.id);
  const lines = claims.map(
    (claim, index) => `${index + 1}. ${claim.claimRef} ${typeWord(context, claim.type as ClaimType)}`,
  );
  return con(`${prefix}${context.t(S.whichClaim)}\n${lines.join('\n')}`, 'claim', {
    claims: claims.map((claim) => claim.id),
  });
}

/** The client's latest claims, through the claim module's own scope (a client sees only theirs). */
const clientClaims = (context: UssdContext, userId: string) =>
  listClaims(context.db, clientPrincipal(userId), { page: 1, pageSize: MAX_LISTED });

async function statusOf(context: UssdContext, userId: string, claimId: number): Promise<UssdReply> {
  const claim = (await clientClaims(context, userId)).items.find((row) => row.id === claimId);
  if (!claim) return end(context.t(S.noClaims));
  const language = context.caller.language;
  return end(
    fill(context.t(S.status), {
      ref: claim.claimRef,
      type: typeWord(context, claim.type as ClaimType),
      reported: formatDay(claim.createdAt, language),
      status: CLAIM_STATUS_WORDS[language][claim.status as ClaimStatus],
    }),
  );
}

/** The draft as reportClaim's input, checked by the portal's own schema (the same rules and messages). */
function checkDraft(context: UssdContext, data: ClaimDraft) {
  const type = data.type as ClaimType;
  return reportClaimSchema({ today: () => kenyaToday() }).safeParse({
    policyNumber: data.policyNumber,
    type,
    incidentDate: data.incidentDate,
    place: data.place,
    description: fill(context.t(S.description), {
      type: typeWord(context, type).toLowerCase(),
      date: formatDay(data.incidentDate as string, context.caller.language),
      place: data.place as string,
    }),
    obNumber: (data.obNumber as string | undefined) ?? '',
    otherParty: null,
  });
}

const issueOn = (result: ReturnType<typeof checkDraft>, field: string) =>
  result.success ? undefined : result.error.issues.find((issue) => issue.path[0] === field);

async function report(context: UssdContext, userId: string, data: ClaimDraft): Promise<UssdReply> {
  const language = context.caller.language;
  const parsed = checkDraft(context, data);
  if (!parsed.success) {
    const reason = parsed.error.issues[0]?.message ?? '';
    return end(fill(context.t(S.failed), { reason: translateText(reason, language) }));
  }
  try {
    const claim = await reportClaim(
      { db: context.db, services: context.services, log: context.log },
      clientPrincipal(userId),
      parsed.data,
    );
    return end(fill(context.t(S.reported), { ref: claim.claimRef }));
  } catch (error) {
    // The claim module's refusals (the policy not in cover that day, …) are the caller's to hear.
    if (error instanceof AppError)
      return end(fill(context.t(S.failed), { reason: translateText(error.message, language) }));
    throw error;
  }
}

export const claimMenu: UssdMenu = {
  id: 'claim',
  label: { en: 'Claim', sw: 'Dai' },
  personal: true,

  start: async (context) => con(context.t(S.start), 'start'),

  async answer(context, step, input) {
    const userId = context.caller.client?.userId;
    // The engine offers a personal menu only to a client's verified phone; never otherwise.
    if (!userId) return end(context.t(S.noPolicy));
    const data = step.data as ClaimDraft;

    switch (step.step) {
      case 'start': {
        if (input === '2') return statusList(context, userId);
        if (input !== '1') return again(context, S.invalid, S.start, 'start');
        const list = (await claimablePolicies(context, userId)).map((row) => ({
          policyNumber: row.policyNumber,
          plate: plateOf(row.vehicle),
          startDate: row.startDate,
        }));
        if (list.length === 0) return end(context.t(S.noPolicy));
        if (list.length === 1) return con(context.t(S.whatHappened), 'type', { ...list[0] });
        return con(policyScreen(context, list), 'policy', { policies: list });
      }
      case 'policy': {
        const list = data.policies as { policyNumber: string; plate: string; startDate: string }[];
        const chosen = list[Number(input) - 1];
        if (!/^\d+$/.test(input) || !chosen)
          return con(policyScreen(context, list, `${context.t(S.invalid)}\n`), 'policy', data);
        return con(context.t(S.whatHappened), 'type', { ...chosen });
      }
      case 'type': {
        if (input === '5')
          return end(`${context.t(S.somethingElse)} ${context.services.publicBaseUrl}/newportal/claims`);
        const type = /^[1-4]$/.test(input) ? TYPES[Number(input) - 1] : undefined;
        if (!type) return again(context, S.invalid, S.whatHappened, 'type', data);
        return con(context.t(S.when), 'when', { ...data, type });
      }
      case 'when': {
        const today = kenyaToday();
        const day = input === '1' ? today : input === '2' ? daysBefore(today, 1) : parseDay(input);
        if (!day || day > today) return again(context, S.badDate, S.when, 'when', data);
        // Before the cover began reportClaim refuses it: say so now, not after the whole report.
        if (day < (data.startDate as string)) {
          const problem = translateText(CLAIM_MESSAGES.dateBeforeCover, context.caller.language);
          return con(`${problem}\n${context.t(S.when)}`, 'when', data);
        }
        return con(context.t(S.where), 'where', { ...data, incidentDate: day });
      }
      case 'where': {
        const next = { ...data, place: input.replace(/\s+/g, ' ').trim() };
        const checked = checkDraft(context, next);
        if (issueOn(checked, 'place')) return again(context, S.badPlace, S.where, 'where', data);
        // The OB number where the claim needs one (needsPoliceAbstract: theft and fire; an accident
        // reported here names no other party, so it needs none).
        if (issueOn(checked, 'obNumber')) return con(context.t(S.ob), 'ob', next);
        return con(confirmScreen(context, next), 'confirm', next);
      }
      case 'ob': {
        const next = { ...data, obNumber: input.trim() };
        if (issueOn(checkDraft(context, next), 'obNumber')) return again(context, S.badOb, S.ob, 'ob', data);
        return con(confirmScreen(context, next), 'confirm', next);
      }
      case 'confirm': {
        if (input === '2') return end(context.t(S.cancelled));
        if (input !== '1') return con(confirmScreen(context, data), 'confirm', data);
        return report(context, userId, data);
      }
      case 'claim': {
        const ids = data.claims as number[];
        const id = /^\d+$/.test(input) ? ids[Number(input) - 1] : undefined;
        if (id === undefined) return statusList(context, userId, `${context.t(S.invalid)}\n`);
        return statusOf(context, userId, id);
      }
      default:
        return con(context.t(S.start), 'start');
    }
  },
};
