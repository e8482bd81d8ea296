import { addResources, t } from '../../lib/i18n';
import helpTexts from '../../locales/en.help.json';
import swahiliHelpTexts from '../../locales/sw.help.json';

// The help screen's texts are registered when its chunk loads, not in the entry chunk.
addResources(helpTexts, swahiliHelpTexts);

export { t };
