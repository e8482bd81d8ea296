import { productConfigurationSchema } from '@bima/domain/product-admin';
import { type FieldErrors, type Resolver, set } from 'react-hook-form';
import { t } from '../i18n';
import { type ProductFormValues, toConfiguration } from './form-mapping';

const MAX_SUMMARY = 500;

/**
 * Checks the form with the domain's `productConfigurationSchema` (the server's rules and messages)
 * after turning percentages into fractions. The schema's paths are the form's, so each message
 * lands on its field; the first issue of a field wins.
 */
export const productFormResolver: Resolver<ProductFormValues> = async (values) => {
  const errors: FieldErrors<ProductFormValues> = {};
  const seen = new Set<string>();
  const result = productConfigurationSchema.safeParse(toConfiguration(values));
  if (!result.success) {
    for (const issue of result.error.issues) {
      const path = issue.path.map(String).join('.');
      if (seen.has(path)) continue;
      seen.add(path);
      set(errors, path === '' ? 'root' : path, { type: issue.code, message: issue.message });
    }
  }
  if (values.changeSummary.trim().length > MAX_SUMMARY) {
    set(errors, 'changeSummary', {
      type: 'too_big',
      message: t('backofficeProducts.editor.summaryTooLong', { max: MAX_SUMMARY }),
    });
  }
  return Object.keys(errors).length > 0 ? { values: {}, errors } : { values, errors: {} };
};
