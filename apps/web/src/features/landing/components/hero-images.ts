/** Local, optimised hero backgrounds (Kenyan road, city, savannah and coast scenes). */
export const HERO_IMAGES = [
  '/images/hero/hero-1.svg',
  '/images/hero/hero-2.svg',
  '/images/hero/hero-3.svg',
  '/images/hero/hero-4.svg',
] as const;

/** The same path with the leading slash toggled, tried once when an image fails (spec-1 §2.1). */
export function getAlternateImagePath(src: string): string {
  return src.startsWith('/') ? src.slice(1) : `/${src}`;
}
