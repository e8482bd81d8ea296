import { addResources, t } from '../../lib/i18n';
import texts from '../../locales/en.backoffice-products.json';
import swahiliTexts from '../../locales/sw.backoffice-products.json';

// The product back office's texts are registered when its first module loads, not in the entry chunk.
addResources(texts, swahiliTexts);

export { t };
