import { DEFAULT_COUNTRY, ID_TYPES, idTypesFor } from '@bima/domain/profile';
import { useMemo } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { countryOptions } from '../lib/countries';
import { useLanguage } from '../lib/i18n';
import { t } from './i18n';
import { SelectField } from './select-field';
import { TextField } from './text-field';

/** The KYC identity's form values: a nationality (alpha-2), an ID type and its number. */
export interface IdentityValues {
  nationality: string;
  idType: string;
  idNumber: string;
}

/** The identity fields' starting values from stored KYC details (Kenya when none is stored). */
export function identityValues(
  details:
    | {
        nationality?: string;
        idType?: string | null;
        idNumber?: string | null;
      }
    | null
    | undefined,
): IdentityValues {
  return {
    nationality: details?.nationality ?? DEFAULT_COUNTRY,
    idType: details?.idType ?? '',
    idNumber: details?.idNumber ?? '',
  };
}

/**
 * Nationality (the bundled country list, Kenya first), ID type (National ID for Kenyan citizens,
 * Alien ID for residents who are not citizens, Passport for everyone) and ID number, for both KYC
 * forms. `nationality` is the value chosen now, so the ID types follow it.
 */
export function IdentityFields({
  nationality,
  field,
  errorOf,
  idPrefix,
}: {
  nationality: string;
  field: (name: keyof IdentityValues) => UseFormRegisterReturn;
  errorOf: (name: keyof IdentityValues) => string | undefined;
  idPrefix: string;
}) {
  const language = useLanguage();
  const countries = useMemo(() => countryOptions(language), [language]);
  const allowed = idTypesFor(nationality || DEFAULT_COUNTRY);
  return (
    <>
      <SelectField
        id={`${idPrefix}-nationality`}
        label={t('components.identity.nationality')}
        placeholder={t('components.identity.selectCountry')}
        options={countries}
        registration={field('nationality')}
        error={errorOf('nationality')}
      />
      <SelectField
        id={`${idPrefix}-idType`}
        label={t('components.identity.idType')}
        placeholder={t('components.identity.selectIdType')}
        hint={t('components.identity.idTypeHint')}
        options={ID_TYPES.filter((type) => allowed.includes(type)).map((type) => ({
          value: type,
          label: t(`components.identity.idTypes.${type}`),
        }))}
        registration={field('idType')}
        error={errorOf('idType')}
      />
      <TextField
        id={`${idPrefix}-idNumber`}
        label={t('components.identity.idNumber')}
        hint={t('components.identity.idNumberHint')}
        description={<span className="text-sm text-slate-700">{t('components.identity.checkNotice')}</span>}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        registration={field('idNumber')}
        error={errorOf('idNumber')}
      />
    </>
  );
}
