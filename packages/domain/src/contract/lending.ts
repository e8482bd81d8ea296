import type { Contract } from './define';

/** Loans and lenders, loan pricing, premium financing (IPF), school fees. */
export const lendingContracts = {} satisfies Record<string, Contract>;
