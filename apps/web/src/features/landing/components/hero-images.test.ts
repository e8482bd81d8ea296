import { describe, expect, it } from 'vitest';
import { getAlternateImagePath, HERO_IMAGES } from './hero-images';

describe('hero images', () => {
  it('has four local images', () => {
    expect(HERO_IMAGES).toHaveLength(4);
    for (const src of HERO_IMAGES) expect(src.startsWith('/images/hero/')).toBe(true);
  });

  it('retries with the leading slash removed or added', () => {
    expect(getAlternateImagePath('/images/hero/hero-1.svg')).toBe('images/hero/hero-1.svg');
    expect(getAlternateImagePath('images/hero/hero-1.svg')).toBe('/images/hero/hero-1.svg');
  });
});
