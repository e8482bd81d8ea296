import { callGateway, type GatewayCall, unwrapData } from '../../../lib/api-client';

/**
 * One secured staff action's data. Reads are silent (their screens show their own error); changes
 * show nothing either: each screen says what failed beside the control that failed.
 */
export async function callStaffAction<T>(call: GatewayCall, signal?: AbortSignal): Promise<T> {
  return unwrapData(await callGateway<T>(call, { secure: true, silent: true, signal }));
}

/** A page of a back-office list (pages count from 1). */
export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

export const STAFF_PAGE_SIZE = 20;
