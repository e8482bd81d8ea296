import type {
  CreateIntermediaryInput,
  IntermediaryListItem,
  IntermediaryStatus,
} from '@bima/domain/intermediaries';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callStaffAction, type Page, STAFF_PAGE_SIZE } from './call';

/** A firm as `admin / intermediary / listIntermediaries` presents it. */
export interface AdminIntermediary extends IntermediaryListItem {
  systemRef: string;
  description: string;
  physicalAddress: string;
  isSampleData: boolean;
  suspendedReason: string | null;
  suspendedAt: string | null;
  createdAt: string;
  updatedAt: string;
  userCount: number;
}

export const intermediariesQueryOptions = (query: {
  page: number;
  search?: string;
  status?: IntermediaryStatus;
  pageSize?: number;
}) =>
  queryOptions({
    queryKey: ['staff', 'intermediaries', query],
    queryFn: ({ signal }) =>
      callStaffAction<Page<AdminIntermediary>>(
        {
          service: 'admin',
          resource: 'intermediary',
          action: 'listIntermediaries',
          data: {
            page: query.page,
            pageSize: query.pageSize ?? STAFF_PAGE_SIZE,
            ...(query.search ? { search: query.search } : {}),
            ...(query.status ? { status: query.status } : {}),
          },
        },
        signal,
      ),
    placeholderData: keepPreviousData,
  });

/** Approve (PENDING | SUSPENDED → ACTIVE) or suspend with a reason (ACTIVE → SUSPENDED). */
export function useChangeIntermediary() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { kind: 'approve'; id: number } | { kind: 'suspend'; id: number; reason: string }) =>
      callStaffAction<AdminIntermediary>({
        service: 'admin',
        resource: 'intermediary',
        action: change.kind === 'approve' ? 'approveIntermediary' : 'suspendIntermediary',
        data: change.kind === 'approve' ? { id: change.id } : { id: change.id, reason: change.reason },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['staff', 'intermediaries'] }),
  });
}

/** Registers a firm (PENDING until an admin approves it): the form's input as the domain schema gives it. */
export function useRegisterIntermediary() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateIntermediaryInput) =>
      callStaffAction<AdminIntermediary>({
        service: 'admin',
        resource: 'intermediary',
        action: 'createIntermediary',
        data: input,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['staff', 'intermediaries'] }),
  });
}
