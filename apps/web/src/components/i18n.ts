import { addResources, t } from '../lib/i18n';
import componentTexts from '../locales/en.components.json';
import swahiliComponentTexts from '../locales/sw.components.json';

// The shared components' texts are registered with the first lazy screen that uses one of them, not
// in the landing page's entry chunk. Components import `t` from here so the texts are always there.
addResources(componentTexts, swahiliComponentTexts);

export { t };
