/**
 * Every gateway action's contract, keyed 'service/resource/action' (`@bima/domain/contract`). The
 * API registers each action against its entry; the web's `callAction(key, input)` infers its input
 * and output types from it (type-only: no schema reaches the web bundle).
 */
import type { z } from 'zod';
import { accountContracts } from './account';
import { backOfficeContracts } from './back-office';
import { claimContracts } from './claims';
import type { Contract } from './define';
import { identityContracts } from './identity';
import { lendingContracts } from './lending';
import { monthlyContracts } from './monthly';
import { purchaseContracts } from './purchase';

export * from './define';
export * from './monthly';

export const contracts = {
  ...purchaseContracts,
  ...accountContracts,
  ...claimContracts,
  ...lendingContracts,
  ...backOfficeContracts,
  ...identityContracts,
  ...monthlyContracts,
};

export type Contracts = typeof contracts;
/** 'service/resource/action' of an action with a contract. */
export type ActionKey = keyof Contracts & string;
/** What the caller sends as `data` (before the schema's defaults and transforms). */
export type ActionInput<Key extends ActionKey> = z.input<Contracts[Key]['input']>;
/** What the action answers as `result.data`, as the web reads it. */
export type ActionOutput<Key extends ActionKey> = z.output<Contracts[Key]['output']>;

/** The contract of 'service/resource/action', if it has one. */
export function findContract(key: string): Contract | undefined {
  return Object.hasOwn(contracts, key) ? (contracts as Record<string, Contract>)[key] : undefined;
}
