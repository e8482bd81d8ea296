import { coverTypeLabel, insuranceClassLabel } from '@bima/domain/code-labels';
import { currentLanguage } from '../lib/i18n';

/**
 * Stored codes in the portal's language, for every screen that shows one (cart, invoices, policies,
 * quotations, staff lists): the domain's one labelling function per kind of code. Read while
 * rendering, not at import: the language can change.
 */
export const coverTypeText = (code: string): string => coverTypeLabel(code, currentLanguage());

/** An insurance class by its code, else by the name the record carries ('Motor Private' → 'Gari Binafsi'). */
export const insuranceClassText = (insuranceClass: { code?: string | null; name?: string | null }): string =>
  insuranceClassLabel(insuranceClass, currentLanguage());
