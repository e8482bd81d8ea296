import type { Payable } from '../payment/payables';
import { settleWalletTopUp } from './top-up';

/** A wallet top-up by M-Pesa (payments with purpose 'wallet_topup'): all of it to the wallet. */
export const walletTopUpPayable: Payable = { purpose: 'wallet_topup', settle: settleWalletTopUp };
