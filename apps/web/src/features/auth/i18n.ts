import { addResources, t } from '../../lib/i18n';
import authTexts from '../../locales/en.auth.json';
import swahiliAuthTexts from '../../locales/sw.auth.json';

// The account screens' texts are registered when the first auth module loads, not in the entry chunk.
addResources(authTexts, swahiliAuthTexts);

export { t };
