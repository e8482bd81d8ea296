import type { VerifyCertificateQuery } from '@bima/domain';
import type { ActionOutput } from '@bima/domain/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callAction } from '../../../lib/api-client';

/** `underwriting / certificate / verifyCertificate`: anyone's check, by number or by plate and date. */
export async function verifyCertificate(
  query: VerifyCertificateQuery,
  { signal }: { signal?: AbortSignal } = {},
): Promise<ActionOutput<'underwriting/certificate/verifyCertificate'>> {
  const data =
    query.by === 'number'
      ? { certificateNumber: query.certificateNumber }
      : { registrationNumber: query.registrationNumber, date: query.date };
  // Silent: the page shows its own error (a refused check, the limit) beside the form.
  return callAction('underwriting/certificate/verifyCertificate', data, { signal, silent: true });
}

export const verifyCertificateQueryOptions = (query: VerifyCertificateQuery | null) =>
  queryOptions({
    queryKey: ['certificate-check', query],
    queryFn: ({ signal }) => verifyCertificate(query!, { signal }),
    enabled: query !== null,
    // A status can change (a cancellation): checked again when asked again, never retried blindly.
    staleTime: 0,
    retry: false,
  });

export function useCertificateCheck(query: VerifyCertificateQuery | null) {
  return useQuery(verifyCertificateQueryOptions(query));
}
