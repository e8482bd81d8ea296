import { addResources, t } from '../../lib/i18n';
import texts from '../../locales/en.coming-soon.json';
import swahiliTexts from '../../locales/sw.coming-soon.json';

// The coming-soon page's texts are registered when its chunk loads, not in the landing page's entry.
addResources(texts, swahiliTexts);

export { t };
