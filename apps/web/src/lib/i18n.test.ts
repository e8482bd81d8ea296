import { describe, expect, it } from 'vitest';
import { addResources, t } from './i18n';

describe('t', () => {
  it('returns the exact specified texts', () => {
    expect(t('landing.title')).toBe('Professional Insurance Made Simple');
    expect(t('landing.badge')).toBe('Trusted by 1M+ Customers');
    expect(t('help.title')).toBe('Need Assistance?');
  });

  it('interpolates {var} placeholders', () => {
    expect(t('catalogue.productsAvailable', { count: 9 })).toBe('9 products available');
    expect(t('catalogue.youSelected', { category: 'Business' })).toBe('You selected: Business');
  });

  it('returns the key for an unknown text', () => {
    expect(t('nope.missing')).toBe('nope.missing');
  });

  it('adds the texts of a lazily loaded feature', () => {
    expect(t('lazyFeature.title')).toBe('lazyFeature.title');
    addResources({ lazyFeature: { title: 'Motor Private', step: 'Step {step}' } });
    expect(t('lazyFeature.title')).toBe('Motor Private');
    expect(t('lazyFeature.step', { step: 2 })).toBe('Step 2');
    expect(t('landing.title')).toBe('Professional Insurance Made Simple');
  });
});
