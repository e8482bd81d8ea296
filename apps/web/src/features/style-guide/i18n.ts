import { addResources, t } from '../../lib/i18n';
import texts from '../../locales/en.style-guide.json';
import swahiliTexts from '../../locales/sw.style-guide.json';

// The style guide's texts are registered when its own chunk loads, never in the landing page's entry.
addResources(texts, swahiliTexts);

export { t };
