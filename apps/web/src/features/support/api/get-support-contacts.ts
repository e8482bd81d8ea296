import type { SupportContacts } from '@bima/domain';
import { callAction } from '../../../lib/api-client';
import { createResource, useResource } from '../../../lib/resource';

/** `platform / support / getSupportContacts`: phone, e-mail and address from configuration. */
export async function getSupportContacts({
  signal,
}: {
  signal?: AbortSignal;
} = {}): Promise<SupportContacts> {
  return callAction('platform/support/getSupportContacts', {}, { signal });
}

const contacts = createResource(() => getSupportContacts());

/** The support contacts (configuration: fetched once per page load). */
export const useSupportContacts = () => useResource(contacts);
export const resetSupportContacts = contacts.reset;
