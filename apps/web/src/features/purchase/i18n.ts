import { addResources, t } from '../../lib/i18n';
import purchaseTexts from '../../locales/en.purchase.json';
import swahiliPurchaseTexts from '../../locales/sw.purchase.json';

// The purchase screens' texts are registered when the first purchase module loads, not in the entry
// chunk. Purchase modules import `t` from here so the texts are always there before they are used.
addResources(purchaseTexts, swahiliPurchaseTexts);

export { t };
