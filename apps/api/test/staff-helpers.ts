import { signAccessToken } from '../src/auth/tokens';
import { users } from '../src/db/schema';
import { uniqueEmail } from './accounts-helpers';
import { type buildTestApp, TEST_JWT_SECRET } from './helpers';

type Ctx = Awaited<ReturnType<typeof buildTestApp>>;

/**
 * The role a back-office user has. Today every back-office user is 'staff' and an underwriter's
 * staff are told apart by `users.underwriter_id`; when real roles arrive this is the one line to
 * change (e.g. underwriterId ? 'underwriter' : 'admin').
 */
const backOfficeRole = (_underwriterId: string | null) => 'staff' as const;

/**
 * A signed-in back-office user made directly in the database: an underwriter's staff (given its
 * id) or an admin (null). Answers the user id and the headers of their calls.
 */
export async function createStaffUser(ctx: Ctx, underwriterId: string | null) {
  const role = backOfficeRole(underwriterId);
  const [user] = await ctx.database.db
    .insert(users)
    .values({
      email: uniqueEmail(underwriterId ?? 'admin'),
      firstName: underwriterId ? 'Underwriter' : 'Admin',
      lastName: underwriterId ?? 'User',
      role,
      status: 'ACTIVE',
      underwriterId,
    })
    .returning({ id: users.id, email: users.email });
  const accessToken = signAccessToken({ sub: user!.id, role, ttlSeconds: 3_600 }, TEST_JWT_SECRET);
  return { userId: user!.id, email: user!.email, headers: { accesstoken: accessToken } };
}
