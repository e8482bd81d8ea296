import type { Principal } from '../../gateway/registry';

/** Whose products a back-office user works on: one underwriter's, or every product (null). */
export interface ProductScope {
  userId: string;
  underwriterId: string | null;
}

/**
 * THE authorisation rule of the product back office, in one place: an underwriter (role and insurer
 * read from the database by the gateway on every call) sees only its insurer's products; an admin
 * sees all; anyone else is refused. Out-of-scope products are answered as not found by the queries
 * that apply the scope.
 */
export function productScope(context: { principal: Principal | null }): ProductScope | 'forbidden' {
  const { principal } = context;
  if (principal?.role === 'admin') return { userId: principal.userId, underwriterId: null };
  if (principal?.role === 'underwriter' && principal.underwriterId) {
    return { userId: principal.userId, underwriterId: principal.underwriterId };
  }
  return 'forbidden';
}
