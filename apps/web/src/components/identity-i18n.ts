import { addResources, t } from '../lib/i18n';
import identityTexts from '../locales/en.identity.json';
import swahiliIdentityTexts from '../locales/sw.identity.json';

// The identity check's texts load with the KYC step and the profile, not with the landing page.
addResources(identityTexts, swahiliIdentityTexts);

export { t };
