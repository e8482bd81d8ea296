import { addResources, t } from '../../lib/i18n';
import staffTexts from '../../locales/en.staff.json';

// The staff area's texts are registered when its first module loads, not in the entry chunk.
addResources(staffTexts);

export { t };
