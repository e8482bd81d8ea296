import { addResources, t } from '../../lib/i18n';
import texts from '../../locales/en.school.json';
import swahiliTexts from '../../locales/sw.school.json';

// School fees' texts load with its lazy chunks, not in the entry chunk.
addResources(texts, swahiliTexts);

export { t };
