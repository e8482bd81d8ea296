import {
  CONSENT_PURPOSES,
  CONSENT_WORDING_VERSIONS,
  type ConsentChannel,
  type ConsentPurpose,
} from '@bima/domain';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { consents, intermediaries } from '../../db/schema';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type Executor = Database | Tx;

/**
 * The one consent service: every screen that asks for a consent (Privacy, KYC, Assessment) records
 * its giving and withdrawal here, with when, where (the screen) and the wording version shown. A
 * decision that changes nothing (giving a consent already given) is not recorded again.
 */
export async function recordConsent(
  executor: Executor,
  entry: {
    userId: string;
    purpose: ConsentPurpose;
    granted: boolean;
    channel: ConsentChannel;
    /** The firm for assessment sharing. */
    scope?: string | number;
  },
): Promise<boolean> {
  const scope = entry.scope === undefined ? '' : String(entry.scope);
  const current = await consentInForce(executor, entry.userId, entry.purpose, scope);
  if (current === entry.granted) return false;
  // Never given before: a withdrawal has nothing to withdraw.
  if (current === null && !entry.granted) return false;
  await executor.insert(consents).values({
    userId: entry.userId,
    purpose: entry.purpose,
    scope,
    granted: entry.granted,
    channel: entry.channel,
    wordingVersion: CONSENT_WORDING_VERSIONS[entry.purpose],
  });
  return true;
}

/** Whether the consent is given now (true), withdrawn (false), or was never asked (null). */
export async function consentInForce(
  executor: Executor,
  userId: string,
  purpose: ConsentPurpose,
  scope = '',
): Promise<boolean | null> {
  const [latest] = await executor
    .select({ granted: consents.granted })
    .from(consents)
    .where(and(eq(consents.userId, userId), eq(consents.purpose, purpose), eq(consents.scope, scope)))
    .orderBy(desc(consents.id))
    .limit(1);
  return latest ? latest.granted : null;
}

/** A consent as the Privacy screen shows it; `at` and `channel` are null for one never asked. */
export interface PresentedConsent {
  purpose: ConsentPurpose;
  granted: boolean;
  channel: string | null;
  wordingVersion: string;
  at: string | null;
  intermediaryId: number | null;
  firmName: string | null;
}

/**
 * A client's consents: each purpose's state (assessment sharing per firm, with the firm's name) and
 * the whole history, oldest first.
 */
export async function listConsents(db: Executor, userId: string) {
  const history = await db
    .select()
    .from(consents)
    .where(eq(consents.userId, userId))
    .orderBy(asc(consents.id));
  const firmIds = [
    ...new Set(history.filter((row) => row.purpose === 'assessment_sharing').map((row) => Number(row.scope))),
  ].filter((id) => Number.isInteger(id) && id > 0);
  const firms = firmIds.length
    ? await db
        .select({ id: intermediaries.id, name: intermediaries.intermediaryNames })
        .from(intermediaries)
        .where(inArray(intermediaries.id, firmIds))
    : [];
  const firmName = new Map(firms.map((firm) => [String(firm.id), firm.name]));
  const latest = new Map<string, (typeof history)[number]>();
  for (const row of history) latest.set(`${row.purpose}:${row.scope}`, row);
  const present = (row: (typeof history)[number]): PresentedConsent => ({
    purpose: row.purpose as ConsentPurpose,
    granted: row.granted,
    channel: row.channel,
    wordingVersion: row.wordingVersion,
    at: row.createdAt.toISOString(),
    intermediaryId: row.purpose === 'assessment_sharing' ? Number(row.scope) : null,
    firmName: row.purpose === 'assessment_sharing' ? (firmName.get(row.scope) ?? null) : null,
  });
  const current = [...latest.values()].map(present);
  return {
    consents: CONSENT_PURPOSES.flatMap((purpose): PresentedConsent[] => {
      const rows = current.filter((row) => row.purpose === purpose);
      if (purpose === 'assessment_sharing') return rows;
      return rows.length > 0
        ? rows
        : [
            {
              purpose,
              granted: false,
              channel: null,
              wordingVersion: CONSENT_WORDING_VERSIONS[purpose],
              at: null,
              intermediaryId: null,
              firmName: null,
            },
          ];
    }),
    history: history.map(present),
  };
}
