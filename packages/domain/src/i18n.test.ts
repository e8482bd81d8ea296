import { describe, expect, it } from 'vitest';
import { hasSwahili, languageOfHeader, translateText } from './i18n';
import * as domain from './index';

/** Every fixed text of the domain's message and label tables (functions make texts with values). */
function domainTexts(): string[] {
  const texts: string[] = [];
  const walk = (value: unknown) => {
    if (typeof value === 'string') texts.push(value);
    else if (value && typeof value === 'object') for (const inner of Object.values(value)) walk(inner);
  };
  for (const [name, value] of Object.entries(domain)) if (/_(MESSAGES|LABELS)$/.test(name)) walk(value);
  return texts;
}

describe('the domain’s texts in Swahili', () => {
  it('has a Swahili text for every message and label the domain defines', () => {
    const texts = domainTexts();
    expect(texts.length).toBeGreaterThan(300);
    expect(texts.filter((text) => !hasSwahili(text))).toEqual([]);
  });

  it('has the cover periods the screens name', () => {
    for (const days of [1, 30, 180, 365]) expect(hasSwahili(domain.formatCoverPeriod(days))).toBe(true);
  });

  it('translates into Swahili and leaves English and unknown texts as they are', () => {
    expect(translateText(domain.COVER_TYPE_LABELS.comprehensive, 'en')).toBe('Comprehensive');
    expect(translateText(domain.COVER_TYPE_LABELS.comprehensive, 'sw')).not.toBe('Comprehensive');
    expect(translateText('Jubilee Motor Elite', 'sw')).toBe('Jubilee Motor Elite');
  });
});

describe('languageOfHeader', () => {
  it('takes the first of our languages in the header’s order of preference', () => {
    expect(languageOfHeader(undefined)).toBe('en');
    expect(languageOfHeader('sw')).toBe('sw');
    expect(languageOfHeader('sw-KE,sw;q=0.9,en;q=0.8')).toBe('sw');
    expect(languageOfHeader('fr-FR, en;q=0.5, sw;q=0.7')).toBe('sw');
    expect(languageOfHeader('en-US,en;q=0.9')).toBe('en');
    expect(languageOfHeader('sw;q=0, en')).toBe('en');
    expect(languageOfHeader('fr, de')).toBe('en');
  });
});
