import type { ActionInput, ActionKey, ActionOutput } from '@bima/domain/contract';
import { callAction } from '../../../lib/api-client';

/**
 * One secured staff action's data, typed by its contract. Reads are silent (their screens show
 * their own error); changes show nothing either: each screen says what failed beside the control
 * that failed.
 */
export function callStaff<Key extends ActionKey>(
  key: Key,
  data: ActionInput<Key>,
  signal?: AbortSignal,
): Promise<ActionOutput<Key>> {
  return callAction(key, data, { secure: true, silent: true, signal });
}

/** A page of a back-office list (pages count from 1). */
export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

export const STAFF_PAGE_SIZE = 20;
