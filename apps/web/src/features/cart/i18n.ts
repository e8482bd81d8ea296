import { addResources, t } from '../../lib/i18n';
import texts from '../../locales/en.cart.json';
import swahiliTexts from '../../locales/sw.cart.json';

// The cart's texts load with its lazy chunk, not in the entry chunk.
addResources(texts, swahiliTexts);

export { t };
