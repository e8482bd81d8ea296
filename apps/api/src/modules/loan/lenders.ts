import { contracts } from '@bima/domain/contract';
import { asc, count } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { lenders } from '../../db/schema';
import { defineAction } from '../../gateway/registry';
import { pageInfo, pageWindow } from '../../lib/search';

/** Every lender on the marketplace by name (stable: then by id), a page at a time: for admins. */
export async function listLenders(db: Database, paging: { page: number; pageSize: number }) {
  const [counted] = await db.select({ total: count() }).from(lenders);
  const { limit, offset } = pageWindow(paging);
  const rows = await db
    .select({ id: lenders.id, name: lenders.name, status: lenders.status, isSample: lenders.isSample })
    .from(lenders)
    .orderBy(asc(lenders.name), asc(lenders.id))
    .limit(limit)
    .offset(offset);
  return { items: rows, ...pageInfo(Number(counted?.total ?? 0), paging) };
}

/** The lenders for admins (whom a lender user is invited to work for). */
export const lenderAdminActions = [
  defineAction({
    service: 'admin',
    resource: 'lender',
    action: 'listLenders',
    auth: 'staff',
    roles: ['admin'],
    description: 'The premium-financing lenders by name, a page at a time.',
    input: contracts['admin/lender/listLenders'].input,
    handler: ({ db, input }) => listLenders(db, input),
  }),
];
