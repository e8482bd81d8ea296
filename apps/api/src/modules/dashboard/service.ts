import { and, count, eq, gte, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { invoices, policies, quotations } from '../../db/schema';
import type { Principal } from '../../gateway/registry';
import { countCartItems } from '../cart/service';
import { getUnreadCount } from '../chat/service';
import { countOpenClaims } from '../claim/service';
import { countLoansDue } from '../loan/service';
import { countUnread } from '../notification/service';

/**
 * What the client's dashboard shows on its entries, in one answer: each count is the signed-in
 * client's own records only, by the same rule as the screen the entry opens (an unpaid invoice is
 * what Invoices lists as unpaid, an open claim what Claims lists as not yet closed or declined, a
 * loan due one with an amount due now). Cheap: counts, no rows presented.
 */
export async function getDashboardCounts(db: Database, principal: Principal, today: string) {
  const { userId } = principal;
  const countOf = async (rows: Promise<Array<{ total: number }>>) => (await rows)[0]?.total ?? 0;
  const [
    activePolicies,
    unpaidInvoices,
    quotationCount,
    openClaims,
    chats,
    loansDue,
    cartItems,
    notifications,
  ] = await Promise.all([
    // Active as My Policies says: not cancelled, not yet ended (Kenya's today).
    countOf(
      db
        .select({ total: count() })
        .from(policies)
        .where(and(eq(policies.userId, userId), isNull(policies.cancelledOn), gte(policies.endDate, today))),
    ),
    countOf(
      db
        .select({ total: count() })
        .from(invoices)
        .where(and(eq(invoices.userId, userId), eq(invoices.status, 'UNPAID'))),
    ),
    countOf(db.select({ total: count() }).from(quotations).where(eq(quotations.userId, userId))),
    countOpenClaims(db, principal),
    getUnreadCount(db, principal),
    countLoansDue(db, userId, today),
    countCartItems(db, userId),
    countUnread(db, userId),
  ]);
  return {
    activePolicies,
    unpaidInvoices,
    openClaims,
    unreadChats: chats.conversations,
    loansDue,
    quotations: quotationCount,
    cartItems,
    unreadNotifications: notifications,
  };
}
