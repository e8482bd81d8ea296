import type { Payable } from '../payment/payables';
import { settleSchoolFeeReceipt } from './payments';

/** A school fee invoice paid by M-Pesa (payments with purpose 'school_fee'): towards the school's invoice. */
export const schoolFeePayable: Payable = {
  purpose: 'school_fee',
  settle: (tx, context, payment, answer) => settleSchoolFeeReceipt(tx, context, payment, answer),
};
