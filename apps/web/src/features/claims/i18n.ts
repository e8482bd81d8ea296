import { addResources, t } from '../../lib/i18n';
import texts from '../../locales/en.claims.json';
import swahiliTexts from '../../locales/sw.claims.json';

// The claims screens' texts are registered when the first claims module loads, not in the entry chunk.
addResources(texts, swahiliTexts);

export { t };
