import { addResources, t } from '../../lib/i18n';
import authTexts from '../../locales/en.auth.json';

// The account screens' texts are registered when the first auth module loads, not in the entry chunk.
addResources(authTexts);

export { t };
