import { addResources, t } from '../../lib/i18n';
import texts from '../../locales/en.lending.json';
import swahiliTexts from '../../locales/sw.lending.json';

// The lender's screens' texts load with their lazy chunks.
addResources(texts, swahiliTexts);

export { t };
