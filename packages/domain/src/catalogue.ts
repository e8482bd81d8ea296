import { z } from 'zod';
import {
  CATEGORY_COLOR_LABELS,
  CATEGORY_VALUES,
  type CatalogueProduct,
  type CategoryColor,
  type KeyFeature,
} from './catalogue-rules';

export * from './catalogue-rules';

export const categoryValueSchema = z.enum(CATEGORY_VALUES);
export const categoryColorSchema = z.enum(
  Object.keys(CATEGORY_COLOR_LABELS) as [CategoryColor, ...CategoryColor[]],
);

export const keyFeatureSchema: z.ZodType<KeyFeature> = z.object({ label: z.string(), short: z.string() });

/** Checks a catalogue entry (the API's answer to `listProducts`). */
export const catalogueProductSchema: z.ZodType<CatalogueProduct> = z.object({
  id: z.number().int(),
  name: z.string(),
  category: categoryValueSchema,
  description: z.string(),
  image: z.string(),
  categoryColor: categoryColorSchema,
  classCode: z.string(),
  routeName: z.string(),
  available: z.boolean(),
  comingSoon: z.boolean(),
  useIcon: z.boolean(),
  keyFeatures: z.array(keyFeatureSchema),
});
