import type { CarMake } from '../data/car-makes';

/** The model that stands for any model the catalogue does not list. */
export const OTHER_MODEL = 'Other';

/** A make's models in the catalogue's order with 'Other' last; none until a known make is chosen. */
export function getModels(catalogue: readonly CarMake[], make: string): string[] {
  const entry = catalogue.find((candidate) => candidate.name === make);
  return entry ? [...entry.models, OTHER_MODEL] : [];
}
