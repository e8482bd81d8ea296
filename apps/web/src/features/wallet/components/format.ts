import { formatNumber } from '@bima/domain/money';
import { t } from '../i18n';

/** 'KES 1,234' or 'KES 1,234.50' (exact to the cent). */
export function formatKesExact(amount: number): string {
  const cents = Math.round(Math.abs(amount) * 100);
  const whole = formatNumber(Math.floor(cents / 100));
  const rest = cents % 100;
  return t('wallet.kes', { amount: rest === 0 ? whole : `${whole}.${String(rest).padStart(2, '0')}` });
}

/** Cents (the wire's unit) as 'KES 1,234' or 'KES 1,234.50'. */
export const formatCentsExact = (cents: number): string => formatKesExact(cents / 100);

/** A statement balance as words: owed, in credit, or zero. */
export function formatBalance(amount: number): string {
  if (amount > 0) return t('wallet.accounts.owed', { amount: formatKesExact(amount) });
  if (amount < 0) return t('wallet.accounts.inCredit', { amount: formatKesExact(-amount) });
  return t('wallet.accounts.zero');
}
