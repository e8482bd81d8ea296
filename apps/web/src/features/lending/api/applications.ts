import type { ActionOutput } from '@bima/domain/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callAction } from '../../../lib/api-client';
import { currentLanguage } from '../../../lib/i18n';

/** An application or loan as the lender reads it (amounts in cents). */
export type Application = ActionOutput<'lender/application/getApplication'>;

export type ApplicationStatus = Application['status'];

export type ApplicationPage = ActionOutput<'lender/application/listApplications'>;

const options = (signal?: AbortSignal) => ({ secure: true, silent: true, signal });

export const applicationsQueryOptions = (query: { page: number; status: ApplicationStatus | 'ALL' }) =>
  queryOptions({
    queryKey: ['lender', 'applications', query.status, query.page, currentLanguage()],
    queryFn: ({ signal }) =>
      callAction('lender/application/listApplications', { ...query, pageSize: 20 }, options(signal)),
    placeholderData: keepPreviousData,
  });

export const applicationQueryOptions = (loanRef: string) =>
  queryOptions({
    queryKey: ['lender', 'application', loanRef, currentLanguage()],
    queryFn: ({ signal }) => callAction('lender/application/getApplication', { loanRef }, options(signal)),
  });

export const approveApplication = (loanRef: string) =>
  callAction('lender/application/approveApplication', { loanRef }, options());

export const declineApplication = (input: { loanRef: string; reason: string }) =>
  callAction('lender/application/declineApplication', input, options());
