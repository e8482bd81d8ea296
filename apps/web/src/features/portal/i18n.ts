import { addResources, t } from '../../lib/i18n';
import portalTexts from '../../locales/en.portal.json';
import swahiliPortalTexts from '../../locales/sw.portal.json';

// The portal screens' texts are registered when the first portal module loads, not in the entry chunk.
addResources(portalTexts, swahiliPortalTexts);

export { t };
