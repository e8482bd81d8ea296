import { addResources, t } from '../../lib/i18n';
import texts from '../../locales/en.loans.json';
import swahiliTexts from '../../locales/sw.loans.json';

// Premium financing's texts load with its lazy chunks, not in the entry chunk.
addResources(texts, swahiliTexts);

export { t };
