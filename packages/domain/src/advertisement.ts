import { z } from 'zod';

export const advertisementSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  body: z.string(),
  image: z.string().nullable(),
  link: z.string().nullable(),
});
export type Advertisement = z.infer<typeof advertisementSchema>;
