import { addCalendarDays } from '@bima/domain';
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { hashPassword } from '../src/auth/passwords';
import { helpRequestIntermediaries, helpRequests, intermediaries, users } from '../src/db/schema';
import { SAMPLE_STAFF_PASSWORD } from '../src/modules/staff/seed-data';
import { call, loginUser, registerUser, uniqueEmail } from './accounts-helpers';
import type { buildTestApp } from './helpers';
import { giveKyc, nextVehicleIdentity } from './purchase-helpers';

type Ctx = Awaited<ReturnType<typeof buildTestApp>>;
export type Headers = Record<string, string>;

/** The seeded sample staff accounts (test/helpers seeds them outside production). */
export const SAMPLE = {
  admin: 'admin@bimaportal.co.ke',
  brokerA: 'broker@savannah-brokers.example',
  brokerB: 'broker@tana-brokers.example',
  agent: 'agent@njoroge-agency.example',
  underwriter: 'underwriter.jubilee@bimaportal.co.ke',
  lender: 'lender@mavuno-finance.example',
} as const;

/** Firms of the sample data, by systemRef. */
export const FIRM = {
  savannah: 'INT-SAMPLE-0001',
  tana: 'INT-SAMPLE-0002',
  riftValley: 'INT-SAMPLE-0003',
  njoroge: 'INT-SAMPLE-0004',
  pwani: 'INT-SAMPLE-0005',
  kilimaPending: 'INT-SAMPLE-0006',
  barakaSuspended: 'INT-SAMPLE-0007',
} as const;

export async function firmId(ctx: Ctx, systemRef: string): Promise<number> {
  const [row] = await ctx.database.db
    .select({ id: intermediaries.id })
    .from(intermediaries)
    .where(eq(intermediaries.systemRef, systemRef));
  if (!row) throw new Error(`no firm ${systemRef}`);
  return row.id;
}

/** Signs a sample staff member in: the accessToken header, and the refresh token. */
export async function signInAs(ctx: Ctx, email: string, password = SAMPLE_STAFF_PASSWORD) {
  const session = await loginUser(ctx, email, password);
  if (!session?.accessToken) throw new Error(`could not sign in as ${email}`);
  return { headers: { accesstoken: session.accessToken } as Headers, refreshToken: session.refreshToken };
}

/** A new client, signed in, with the KYC a purchase needs. */
export async function signedInClient(ctx: Ctx): Promise<Headers> {
  const email = await registerUser(ctx);
  const headers = { accesstoken: (await loginUser(ctx, email)).accessToken };
  await giveKyc(ctx, headers);
  return headers;
}

/** Calls an action by its 'service/resource/action' path; answers the HTTP status and the body. */
export async function send(ctx: Ctx, path: string, data: unknown = {}, headers: Headers = {}) {
  const [service, resource, action] = path.split('/') as [string, string, string];
  const response = await call(ctx, service, resource, action, data, headers);
  return { status: response.statusCode, body: response.json() };
}

/** The role a back-office user has: an insurer's underwriter, or an admin. */
const backOfficeRole = (underwriterId: string | null): 'underwriter' | 'admin' =>
  underwriterId ? 'underwriter' : 'admin';

/**
 * A signed-in back-office user made directly in the database: an underwriter's staff (given its
 * id) or an admin (null). Answers the user id and the headers of their calls.
 */
export async function createStaffUser(ctx: Ctx, underwriterId: string | null) {
  const role = backOfficeRole(underwriterId);
  const password = 'Staff-test-2026!';
  const [user] = await ctx.database.db
    .insert(users)
    .values({
      email: uniqueEmail(underwriterId ?? 'admin'),
      firstName: underwriterId ? 'Underwriter' : 'Admin',
      lastName: underwriterId ?? 'User',
      role,
      status: 'ACTIVE',
      underwriterId,
      passwordHash: await hashPassword(password),
    })
    .returning({ id: users.id, email: users.email });
  // Staff calls need a real session (the gateway reads role and insurer from it on every call).
  const { headers } = await signInAs(ctx, user!.email, password);
  return { userId: user!.id, email: user!.email, headers };
}

/**
 * A client's help request for their Toyota Harrier (KES 1.5M, plate and chassis only) sent to
 * Savannah, and Savannah's broker's recommendation of `items` for it: the recommendation as sent.
 */
export async function recommendationToClient(
  ctx: Ctx,
  client: Headers,
  options: { today: string; items: unknown[]; note: string },
) {
  const clientEmail = (await send(ctx, 'client/client/getClientDetails', {}, client)).body.result.data.email;
  const savannah = await firmId(ctx, FIRM.savannah);
  const broker = (await signInAs(ctx, SAMPLE.brokerA)).headers;
  const car = nextVehicleIdentity();
  const created = await send(
    ctx,
    'underwriting/quotation/createHelpRequest',
    {
      entityRefs: [savannah],
      expiry: addCalendarDays(options.today, 7),
      status: 'PENDING',
      remarks: 'Please recommend comprehensive cover for my Toyota Harrier.',
      clientDetails: {
        names: { firstName: 'Achieng', lastName: 'Otieno' },
        email: clientEmail,
        kraPin: 'A123456789Z',
      },
      // A car of its own (nextVehicleIdentity): DMVIC refuses double insurance by plate or chassis.
      riskDetails: { value: 150_000_000, chassisNumber: car.chassisNumber, regNo: car.registrationNumber },
    },
    client,
  );
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const [row] = await ctx.database.db
    .select({ id: helpRequestIntermediaries.id })
    .from(helpRequestIntermediaries)
    .innerJoin(helpRequests, eq(helpRequests.id, helpRequestIntermediaries.helpRequestId))
    .where(
      and(
        eq(helpRequests.requestSystemRef, created.body.result.data.requestSystemRef),
        eq(helpRequestIntermediaries.intermediaryId, savannah),
      ),
    );
  const sent = await send(
    ctx,
    'intermediary/recommendation/sendRecommendation',
    { requestId: row!.id, items: options.items, note: options.note },
    broker,
  );
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  return sent.body.result.data;
}
