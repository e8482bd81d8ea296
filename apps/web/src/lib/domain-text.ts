import { translateText } from '@bima/domain/i18n';
import { currentLanguage } from './i18n';

/**
 * A text the domain package defines in English (a validation message, an option's label) in the
 * portal's language. Read it while rendering, not at import: the language can change.
 */
export const domainText = (text: string): string => translateText(text, currentLanguage());
