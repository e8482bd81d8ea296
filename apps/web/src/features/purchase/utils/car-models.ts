import type { CarMake } from '../data/car-makes';

/** The model that stands for any model the catalogue does not list. */
export const OTHER_MODEL = 'Other';

/** A make's models in the catalogue's order with 'Other' last; none until a known make is chosen. */
export function getModels(catalogue: readonly CarMake[], make: string): string[] {
  const entry = catalogue.find((candidate) => candidate.name === make);
  return entry ? [...entry.models, OTHER_MODEL] : [];
}

/** Letters and digits only, lower case: 'MERCEDES BENZ' and 'Mercedes-Benz' read the same. */
const key = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * A make and model as another source writes them (the register's 'TOYOTA' 'HARRIER') in the
 * catalogue's spelling, where the catalogue lists them; kept as given otherwise.
 */
export function matchCatalogue(
  catalogue: readonly CarMake[],
  { make, model }: { make: string; model: string },
): { make: string; model: string } {
  const entry = make ? catalogue.find((candidate) => key(candidate.name) === key(make)) : undefined;
  if (!entry) return { make, model };
  const listed = model ? entry.models.find((candidate) => key(candidate) === key(model)) : undefined;
  return { make: entry.name, model: listed ?? model };
}
