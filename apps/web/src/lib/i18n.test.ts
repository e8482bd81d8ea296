import { afterEach, describe, expect, it } from 'vitest';
import englishComingSoon from '../locales/en.coming-soon.json';
import swahiliComingSoon from '../locales/sw.coming-soon.json';
import { addResources, currentLanguage, detectLanguage, intlLocale, setLanguage, t } from './i18n';

describe('t', () => {
  afterEach(() => setLanguage('en'));

  it('returns the exact specified texts', () => {
    expect(t('landing.title')).toBe('Professional Insurance Made Simple');
    expect(t('landing.badge')).toBe('Trusted by 1M+ Customers');
    expect(t('help.title')).toBe('Need Assistance?');
  });

  it('interpolates {var} arguments and chooses plural forms', () => {
    expect(t('catalogue.productsAvailable', { count: 9 })).toBe('9 products available');
    expect(t('catalogue.productsAvailable', { count: 1 })).toBe('1 product available');
    expect(t('catalogue.youSelected', { category: 'Business' })).toBe('You selected: Business');
  });

  it('returns the key for an unknown text', () => {
    expect(t('nope.missing')).toBe('nope.missing');
  });

  it("adds a lazily loaded feature's texts in both languages", async () => {
    expect(t('comingSoon.tellMe')).toBe('comingSoon.tellMe');
    addResources(englishComingSoon, swahiliComingSoon);
    expect(t('comingSoon.tellMe')).toBe("Tell me when it's available");
    await setLanguage('sw');
    expect(t('comingSoon.tellMe')).not.toBe("Tell me when it's available");
    expect(t('comingSoon.tellMe')).not.toBe('comingSoon.tellMe');
  });

  it('speaks Swahili once chosen, with Swahili plural agreement and sw-KE formats', async () => {
    await setLanguage('sw');
    expect(currentLanguage()).toBe('sw');
    expect(intlLocale()).toBe('sw-KE');
    expect(t('landing.title')).toBe('Bima ya Kitaalamu, kwa Urahisi');
    expect(t('catalogue.productsAvailable', { count: 1 })).toBe('Bidhaa 1 inapatikana');
    expect(t('catalogue.productsAvailable', { count: 9 })).toBe('Bidhaa 9 zinapatikana');
    await setLanguage('en');
    expect(t('landing.title')).toBe('Professional Insurance Made Simple');
    expect(intlLocale()).toBe('en-KE');
  });
});

describe('detectLanguage', () => {
  it('takes the remembered choice first, then the browser’s first language we speak, else English', () => {
    expect(detectLanguage('sw', ['en-US'])).toBe('sw');
    expect(detectLanguage('en', ['sw-KE'])).toBe('en');
    expect(detectLanguage(null, ['fr-FR', 'sw-KE', 'en'])).toBe('sw');
    expect(detectLanguage(null, ['SW'])).toBe('sw');
    expect(detectLanguage(null, ['fr-FR', 'de'])).toBe('en');
    expect(detectLanguage('xx', [])).toBe('en');
  });
});
