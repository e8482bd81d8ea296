import { addResources, t } from '../../lib/i18n';
import motorTexts from '../../locales/en.motor.json';
import swahiliMotorTexts from '../../locales/sw.motor.json';

// The motor screens' texts are registered when the first motor module loads, not in the entry chunk.
// Motor modules import `t` from here so the texts are always there before they are used.
addResources(motorTexts, swahiliMotorTexts);

export { t };
