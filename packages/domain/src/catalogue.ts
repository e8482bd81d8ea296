import { z } from 'zod';
import { emailSchema } from './account';
import {
  CATEGORY_COLOR_LABELS,
  CATEGORY_VALUES,
  type CatalogueProduct,
  type CatalogueTexts,
  type CategoryColor,
  type KeyFeature,
} from './catalogue-rules';

export * from './catalogue-rules';

export const categoryValueSchema = z.enum(CATEGORY_VALUES);
export const categoryColorSchema = z.enum(
  Object.keys(CATEGORY_COLOR_LABELS) as [CategoryColor, ...CategoryColor[]],
);

export const keyFeatureSchema: z.ZodType<KeyFeature> = z.object({ label: z.string(), short: z.string() });

/** A catalogue entry's words in one language. */
export const catalogueTextsSchema: z.ZodType<CatalogueTexts> = z.object({
  name: z.string().min(1),
  description: z.string().min(1),
  keyFeatures: z.array(keyFeatureSchema),
});

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
  translations: z.object({ sw: catalogueTextsSchema.optional() }).strict().optional(),
});

/** "Tell me when it's available" (a coming-soon product's page). */
export const registerInterestSchema = z.object({
  routeName: z
    .string({ error: 'Choose a product.' })
    .trim()
    .regex(/^[a-z0-9-]{1,80}$/, 'Choose a product.'),
  email: emailSchema,
});
export type RegisterInterestInput = z.infer<typeof registerInterestSchema>;

export const listInterestSchema = z.object({
  page: z.number().int().min(1).max(100_000).default(1),
  pageSize: z.number().int().min(1).max(100).default(20),
});

export const notifyInterestSchema = z.object({
  catalogueProductId: z
    .number({ error: 'Choose a product.' })
    .int('Choose a product.')
    .min(1, 'Choose a product.'),
});
