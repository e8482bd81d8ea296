import { addResources, t } from '../../lib/i18n';
import texts from '../../locales/en.wallet.json';
import swahiliTexts from '../../locales/sw.wallet.json';

// The wallet's and the statement's texts load with their lazy chunks, not in the entry chunk.
addResources(texts, swahiliTexts);

export { t };
