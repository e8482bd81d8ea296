import { checkIdentity, DEFAULT_COUNTRY, type KycInput } from '@bima/domain/profile';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { clients, users } from '../../db/schema';
import { AppError } from '../../gateway/errors';

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
    clientType: client.clientType,
    nationality: client.nationality,
    idType: client.idType,
    idNumber: client.idNumber,
    updatedAt: client.updatedAt.toISOString(),
  };
}

/** Updates the KYC details of the signed-in client only. */
export async function updateClient(db: Database, userId: string, input: KycInput) {
  await db.insert(clients).values({ userId }).onConflictDoNothing();
  const [stored] = await db
    .select({ nationality: clients.nationality })
    .from(clients)
    .where(eq(clients.userId, userId));
  const nationality = input.nationality ?? stored?.nationality ?? DEFAULT_COUNTRY;
  // The schema checked the identity against Kenya when no nationality came; the stored one decides.
  const problem =
    input.idType && input.idNumber
      ? checkIdentity({ nationality, idType: input.idType, idNumber: input.idNumber })
      : null;
  if (problem) throw new AppError('invalid', problem.message, { errors: [problem] });
  await db
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
  return getClientDetails(db, userId);
}
