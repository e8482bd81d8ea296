import type { CLIENT_TYPES } from '@bima/domain';
import {
  checkIdentity,
  DEFAULT_COUNTRY,
  type IdType,
  type KycInput,
  normalisePhone,
} from '@bima/domain/profile';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { clients, users } from '../../db/schema';
import { AppError } from '../../gateway/errors';
import { recordAudit } from '../audit/service';
import { joinWords } from '../audit/words';

type ClientType = (typeof CLIENT_TYPES)[number];
type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** The signed-in client's profile, created on first use; KRA PIN 'N/A' until given. */
export async function getClientDetails(db: Database, userId: string) {
  await db.insert(clients).values({ userId }).onConflictDoNothing();
  const [row] = await db
    .select({ client: clients, user: users })
    .from(clients)
    .innerJoin(users, eq(users.id, clients.userId))
    .where(eq(clients.userId, userId));
  if (!row) throw new AppError('not_found', 'Client profile not found.', { code: 'USER_PROFILE_ERROR' });
  const { client, user } = row;
  return {
    id: client.id,
    email: user.email,
    names: { firstName: user.firstName, lastName: user.lastName },
    kraPin: client.kraPin,
    phone: client.phone,
    address: client.address,
    // Only updateClient writes these, through kycSchema's choices.
    clientType: client.clientType as ClientType | null,
    nationality: client.nationality,
    idType: client.idType as IdType | null,
    idNumber: client.idNumber,
    updatedAt: client.updatedAt.toISOString(),
  };
}

/**
 * Makes a phone the client gave (KYC, in any accepted Kenyan form) their one phone of record: the
 * account's phone, which the profile shows, in E.164. It stays verified only when it is the number
 * already confirmed by a texted code; another number is the client's phone, not yet verified.
 */
export async function setPhoneOfRecord(executor: Database | Tx, userId: string, given: string) {
  const phone = normalisePhone({ phone: given }) ?? given;
  await executor
    .update(users)
    .set({
      phone,
      phoneVerifiedAt: sql`case when ${users.phone} = ${phone} then ${users.phoneVerifiedAt} end`,
    })
    .where(eq(users.id, userId));
}

const IDENTITY_FIELD_WORDS = {
  kraPin: { en: 'KRA PIN', sw: 'PIN ya KRA' },
  idType: { en: 'ID type', sw: 'aina ya kitambulisho' },
  idNumber: { en: 'ID number', sw: 'namba ya kitambulisho' },
} as const;

/**
 * Which identity details a KYC save changes after they were first given (a correction, which the
 * audit log shows staff by name, never by value); giving them the first time is no correction.
 */
function identityCorrections(
  stored: { kraPin: string; idType: string | null; idNumber: string | null } | undefined,
  input: KycInput,
) {
  if (!stored) return [];
  const changed: Array<keyof typeof IDENTITY_FIELD_WORDS> = [];
  if (stored.kraPin !== 'N/A' && stored.kraPin !== input.kraPin) changed.push('kraPin');
  if (input.idType && input.idNumber && stored.idNumber) {
    if (stored.idType !== input.idType) changed.push('idType');
    if (stored.idNumber !== input.idNumber) changed.push('idNumber');
  }
  return changed.map((name) => ({ name, words: IDENTITY_FIELD_WORDS[name] }));
}

/** Updates the KYC details of the signed-in client only; its phone becomes the account's phone of record. */
export async function updateClient(db: Database, userId: string, input: KycInput) {
  await db.insert(clients).values({ userId }).onConflictDoNothing();
  const [stored] = await db
    .select({
      nationality: clients.nationality,
      kraPin: clients.kraPin,
      idType: clients.idType,
      idNumber: clients.idNumber,
    })
    .from(clients)
    .where(eq(clients.userId, userId));
  const nationality = input.nationality ?? stored?.nationality ?? DEFAULT_COUNTRY;
  // The schema checked the identity against Kenya when no nationality came; the stored one decides.
  const problem =
    input.idType && input.idNumber
      ? checkIdentity({ nationality, idType: input.idType, idNumber: input.idNumber })
      : null;
  if (problem) throw new AppError('invalid', problem.message, { errors: [problem] });
  await db.transaction(async (tx) => {
    await tx
      .update(clients)
      .set({
        kraPin: input.kraPin,
        phone: input.phone,
        address: input.address,
        clientType: input.clientType,
        nationality,
        // Left out (older callers), the identity already given stays as it is.
        ...(input.idType && input.idNumber ? { idType: input.idType, idNumber: input.idNumber } : {}),
        updatedAt: new Date(),
      })
      .where(eq(clients.userId, userId));
    await setPhoneOfRecord(tx, userId, input.phone);
    // Giving an ID is not consent to check it: that is the KYC's own tick box, recorded with each
    // check (modules/identity).
    const corrected = identityCorrections(stored, input);
    if (corrected.length > 0)
      await recordAudit(
        tx,
        { userId, role: 'client' },
        {
          action: 'client/profile/correctIdentity',
          entityType: 'user',
          entityId: userId,
          details: { fields: corrected.map((field) => field.name) },
          summary: joinWords(
            [
              {
                en: 'Corrected their KYC identity details: ',
                sw: 'Alirekebisha maelezo ya utambulisho wake ya KYC: ',
              },
              joinWords(corrected.map((field) => field.words)),
            ],
            '',
          ),
        },
      );
  });
  return getClientDetails(db, userId);
}
