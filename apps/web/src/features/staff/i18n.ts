import { addResources, t } from '../../lib/i18n';
import staffTexts from '../../locales/en.staff.json';
import swahiliStaffTexts from '../../locales/sw.staff.json';

// The staff area's texts are registered when its first module loads, not in the entry chunk.
addResources(staffTexts, swahiliStaffTexts);

export { t };
