import type { Contract } from './define';

/** Sign-up and sign-in, the client's account, profile, privacy, dashboard, notifications, chats. */
export const accountContracts = {} satisfies Record<string, Contract>;
