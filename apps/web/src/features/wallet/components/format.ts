import { formatKes } from '@bima/domain/money';
import { t } from '../i18n';

/** A statement balance (cents) as words: owed, in credit, or zero. */
export function formatBalance(cents: number): string {
  if (cents > 0) return t('wallet.accounts.owed', { amount: formatKes(cents) });
  if (cents < 0) return t('wallet.accounts.inCredit', { amount: formatKes(-cents) });
  return t('wallet.accounts.zero');
}
