import { addResources, t } from '../../lib/i18n';
import texts from '../../locales/en.lending.json';

// The lender's screens' texts load with their lazy chunks.
addResources(texts);

export { t };
