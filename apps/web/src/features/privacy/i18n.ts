import { addResources, t } from '../../lib/i18n';
import privacyTexts from '../../locales/en.privacy.json';
import swahiliPrivacyTexts from '../../locales/sw.privacy.json';

// The privacy screen's texts are registered when its first module loads, not in the entry chunk.
addResources(privacyTexts, swahiliPrivacyTexts);

export { t };
