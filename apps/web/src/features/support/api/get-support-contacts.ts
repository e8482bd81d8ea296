import type { SupportContacts } from '@bima/domain';
import { callGateway, unwrapData } from '../../../lib/api-client';
import { createResource, useResource } from '../../../lib/resource';

/** `platform / support / getSupportContacts`: phone, e-mail and address from configuration. */
export async function getSupportContacts({
  signal,
}: {
  signal?: AbortSignal;
} = {}): Promise<SupportContacts> {
  const reply = await callGateway<SupportContacts>(
    { service: 'platform', resource: 'support', action: 'getSupportContacts', data: {} },
    { signal },
  );
  return unwrapData(reply);
}

const contacts = createResource(() => getSupportContacts());

/** The support contacts (configuration: fetched once per page load). */
export const useSupportContacts = () => useResource(contacts);
export const resetSupportContacts = contacts.reset;
