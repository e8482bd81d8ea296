import { z } from 'zod';

/** Support contacts shown in the 'Need Assistance?' modal, the footer and the contact page. */
export const supportContactsSchema = z.object({
  phone: z.string(),
  email: z.string(),
  address: z.string(),
});
export type SupportContacts = z.infer<typeof supportContactsSchema>;
