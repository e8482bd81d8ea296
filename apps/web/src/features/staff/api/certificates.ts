import type { ActionOutput } from '@bima/domain/contract';
import { queryOptions } from '@tanstack/react-query';
import { callStaff } from './call';

export type CertificateDesk = ActionOutput<'backoffice/certificate/certificateDesk'>;

/** Motor certificates through DMVIC: the pending queue (with why) and the stock per insurer and type. */
export const certificateDeskQueryOptions = () =>
  queryOptions({
    queryKey: ['staff', 'certificates'],
    queryFn: ({ signal }) => callStaff('backoffice/certificate/certificateDesk', {}, signal),
    // The queue moves on its own (the job issues every few seconds): kept fresh while open.
    refetchInterval: 10_000,
  });

/** "Retry now": the pending certificate is asked of DMVIC at once. */
export const retryCertificate = (id: number) => callStaff('backoffice/certificate/retryCertificate', { id });
