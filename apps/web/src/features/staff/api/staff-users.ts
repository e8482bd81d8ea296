import type { InviteStaffInput } from '@bima/domain/staff';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callAction } from '../../../lib/api-client';
import { callStaff, STAFF_PAGE_SIZE } from './call';

export const staffUsersQueryOptions = (query: { page: number }) =>
  queryOptions({
    queryKey: ['staff', 'users', query],
    queryFn: ({ signal }) =>
      callStaff('admin/staff/listStaff', { page: query.page, pageSize: STAFF_PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });

/** The insurers an underwriter may be invited for: those with products in the back office. */
export const insurersQueryOptions = () =>
  queryOptions({
    queryKey: ['staff', 'insurers'],
    queryFn: async ({ signal }) => {
      const products = await callStaff('backoffice/product/listProducts', { page: 1, pageSize: 100 }, signal);
      const byId = new Map(products.items.map((product) => [product.underwriter.id, product.underwriter]));
      return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name));
    },
    staleTime: 5 * 60_000,
  });

/** The lenders a lender user may be invited to work for (admins only; few, so one page of 100). */
export const lendersQueryOptions = () =>
  queryOptions({
    queryKey: ['staff', 'lenders'],
    queryFn: ({ signal }) =>
      callAction(
        'admin/lender/listLenders',
        { page: 1, pageSize: 100 },
        { secure: true, silent: true, signal },
      ),
    staleTime: 5 * 60_000,
  });

export function useInviteStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InviteStaffInput) => callStaff('admin/staff/inviteStaff', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['staff', 'users'] }),
  });
}

export function useSetStaffEnabled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { userId: string; isEnabled: boolean }) =>
      callStaff(change.isEnabled ? 'admin/staff/enableStaff' : 'admin/staff/disableStaff', {
        userId: change.userId,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['staff', 'users'] }),
  });
}
