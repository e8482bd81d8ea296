import { addResources, t } from '../../lib/i18n';
import texts from '../../locales/en.verify.json';
import swahiliTexts from '../../locales/sw.verify.json';

// The certificate check's texts are registered when its chunk loads, not in the landing page's entry.
addResources(texts, swahiliTexts);

export { t };
