import { describe, expect, it } from 'vitest';
import { hasSwahili, hasSwahiliPattern, languageOfHeader, translateText } from './i18n';
import * as domain from './index';
import swahiliPatterns from './locales/sw.patterns.json';

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

describe('texts made with values (issue 14)', () => {
  it('puts the values into the Swahili template', () => {
    expect(translateText('Too many requests. Please try again in 42 seconds.', 'sw')).toBe(
      'Maombi ni mengi mno. Tafadhali jaribu tena baada ya sekunde 42.',
    );
    expect(translateText('Jubilee Motor Elite does not cover a vehicle of this value.', 'sw')).toBe(
      'Jubilee Motor Elite haitoi bima kwa gari la thamani hii.',
    );
    expect(translateText('Too many attempts. Please try again in 1 minute.', 'sw')).toBe(
      'Majaribio ni mengi mno. Tafadhali jaribu tena baada ya dakika 1.',
    );
  });

  it('leaves English and unknown texts alone', () => {
    expect(translateText('Too many requests. Please try again in 42 seconds.', 'en')).toBe(
      'Too many requests. Please try again in 42 seconds.',
    );
    expect(translateText('Something nobody wrote a template for: 42.', 'sw')).toBe(
      'Something nobody wrote a template for: 42.',
    );
  });

  it('has the same placeholders in each Swahili template as in its English one', () => {
    const names = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();
    for (const [english, swahili] of Object.entries(swahiliPatterns as Record<string, string>)) {
      expect(names(swahili), english).toEqual(names(english));
      expect(hasSwahiliPattern(english.replace(/\{\w+\}/g, '{}'))).toBe(true);
    }
  });
});
