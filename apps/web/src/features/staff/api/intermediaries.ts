import type { ActionOutput } from '@bima/domain/contract';
import type { CreateIntermediaryInput, IntermediaryStatus } from '@bima/domain/intermediaries';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callStaff, STAFF_PAGE_SIZE } from './call';

/** A firm as `admin / intermediary / listIntermediaries` presents it. */
export type AdminIntermediary = ActionOutput<'admin/intermediary/approveIntermediary'>;

export const intermediariesQueryOptions = (query: {
  page: number;
  search?: string;
  status?: IntermediaryStatus;
  pageSize?: number;
}) =>
  queryOptions({
    queryKey: ['staff', 'intermediaries', query],
    queryFn: ({ signal }) =>
      callStaff(
        'admin/intermediary/listIntermediaries',
        {
          page: query.page,
          pageSize: query.pageSize ?? STAFF_PAGE_SIZE,
          ...(query.search ? { search: query.search } : {}),
          ...(query.status ? { status: query.status } : {}),
        },
        signal,
      ),
    placeholderData: keepPreviousData,
  });

/** Approve (PENDING | SUSPENDED → ACTIVE) or suspend with a reason (ACTIVE → SUSPENDED). */
export function useChangeIntermediary() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (
      change: { kind: 'approve'; id: number } | { kind: 'suspend'; id: number; reason: string },
    ) =>
      change.kind === 'approve'
        ? callStaff('admin/intermediary/approveIntermediary', { id: change.id })
        : callStaff('admin/intermediary/suspendIntermediary', { id: change.id, reason: change.reason }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['staff', 'intermediaries'] }),
  });
}

/** Registers a firm (PENDING until an admin approves it): the form's input as the domain schema gives it. */
export function useRegisterIntermediary() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateIntermediaryInput) => callStaff('admin/intermediary/createIntermediary', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['staff', 'intermediaries'] }),
  });
}
