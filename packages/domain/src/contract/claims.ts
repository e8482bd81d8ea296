import type { Contract } from './define';

/** Claims and the claims desk, assessments, the wallet. */
export const claimContracts = {} satisfies Record<string, Contract>;
