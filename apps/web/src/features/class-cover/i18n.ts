import { addResources, t } from '../../lib/i18n';
import texts from '../../locales/en.class-cover.json';
import swahiliTexts from '../../locales/sw.class-cover.json';

// The class flows' texts are registered when their chunk loads, not in the landing page's entry.
addResources(texts, swahiliTexts);

export { t };
