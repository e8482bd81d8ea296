import { renderToStaticMarkup } from 'react-dom/server';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { IdentityFields, identityValues } from './identity-fields';

const field = (name: string) =>
  ({ name, onChange: async () => {}, onBlur: async () => {}, ref: () => {} }) as UseFormRegisterReturn;

const render = (nationality: string) =>
  renderToStaticMarkup(
    <IdentityFields nationality={nationality} field={field} errorOf={() => undefined} idPrefix="kyc" />,
  );

describe('IdentityFields', () => {
  it('offers National ID and Passport to a Kenyan, Kenya first in the country list', () => {
    const html = render('KE');
    expect(html).toContain('<option value="NATIONAL_ID">National ID</option>');
    expect(html).toContain('<option value="PASSPORT">Passport</option>');
    expect(html).not.toContain('value="ALIEN_ID"');
    expect(html.indexOf('value="KE"')).toBeLessThan(html.indexOf('value="AF"'));
  });

  it('offers Passport and Alien ID to a non-citizen', () => {
    const html = render('UG');
    expect(html).not.toContain('value="NATIONAL_ID"');
    expect(html).toContain('<option value="ALIEN_ID">Alien ID</option>');
  });

  it('starts from the stored identity, Kenya when none is stored', () => {
    expect(identityValues(null)).toEqual({ nationality: 'KE', idType: '', idNumber: '' });
    expect(identityValues({ nationality: 'UG', idType: 'PASSPORT', idNumber: 'B1234567' })).toEqual({
      nationality: 'UG',
      idType: 'PASSPORT',
      idNumber: 'B1234567',
    });
  });
});
