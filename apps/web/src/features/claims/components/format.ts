import { formatKes as formatCents } from '@bima/domain/money';

/** Whole shillings as 'KES 175,000'. */
export const formatKes = (shillings: number) => formatCents(Math.round(shillings * 100));
