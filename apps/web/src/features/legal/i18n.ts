import { addResources, t } from '../../lib/i18n';
import legalTexts from '../../locales/en.legal.json';
import swahiliLegalTexts from '../../locales/sw.legal.json';

// Registered when the terms page loads, not in the entry chunk.
addResources(legalTexts, swahiliLegalTexts);

export { t };
