import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import type { Principal } from '../../gateway/registry';

/** Whose products a back-office user works on: one underwriter's, or every product (null). */
export interface ProductScope {
  userId: string;
  underwriterId: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * THE authorisation rule of the product back office, in one place: an active staff user (by the
 * token and by the user row) linked to an underwriter (`users.underwriter_id`) sees only that
 * underwriter's products; a staff user without one (an admin) sees all; anyone else is refused.
 * Out-of-scope products are answered as not found by the queries that apply the scope.
 */
export async function productScope(context: {
  db: Database;
  principal: Principal | null;
}): Promise<ProductScope | 'forbidden'> {
  const { db, principal } = context;
  if (principal?.role !== 'staff' || !UUID.test(principal.userId)) return 'forbidden';
  const [user] = await db
    .select({ role: users.role, status: users.status, underwriterId: users.underwriterId })
    .from(users)
    .where(eq(users.id, principal.userId));
  if (user?.role !== 'staff' || user.status !== 'ACTIVE') return 'forbidden';
  return { userId: principal.userId, underwriterId: user.underwriterId };
}
