import { addResources, t } from '../../lib/i18n';
import texts from '../../locales/en.motor-commercial.json';
import swahiliTexts from '../../locales/sw.motor-commercial.json';

// The commercial wizard's texts are registered when its chunk loads, not in the landing page's entry.
addResources(texts, swahiliTexts);

export { t };
