import type { Contract } from './define';

/** Staff, intermediaries, help requests, recommendations, commissions, audit, search, queues, products. */
export const backOfficeContracts = {} satisfies Record<string, Contract>;
