import type { IntermediaryCategory, IntermediaryListItem } from '@bima/domain/intermediaries';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import type { StatusTone } from '../components/status-badge';
import { paths } from '../config/paths';
import { authStore } from '../stores/auth';
import { callGateway, unwrapData } from './api-client';
import { notify } from './notifications';

export type { IntermediaryListItem };

/** One firm's page: the list item plus its reference, description and address. */
export interface IntermediaryDetails extends IntermediaryListItem {
  systemRef: string;
  description: string;
  physicalAddress: string;
  isSampleData: boolean;
}

/** The help form's prefill from a signed-in client's account and KYC (null when signed out). */
export interface HelpPrefill {
  firstName: string;
  lastName: string;
  email: string;
  kraPin: string | null;
}

/** `underwriting / quotation / helpEntities`: the ACTIVE intermediaries and, signed in, the prefill. */
export interface HelpEntities {
  intermediaries: IntermediaryListItem[];
  prefill: HelpPrefill | null;
}

export interface IntermediaryPage {
  items: IntermediaryListItem[];
  total: number;
  page: number;
  pageSize: number;
}

/** The help data depends on who asks (the prefill), so the signed-in user is part of its key. */
export const helpEntitiesQueryOptions = () => {
  const { isAuthenticated, authData } = authStore.getState();
  const who = isAuthenticated ? (authData?.id ?? 'client') : 'anonymous';
  return queryOptions({
    queryKey: ['help', 'entities', who],
    queryFn: async ({ signal }) =>
      unwrapData(
        await callGateway<HelpEntities>(
          { service: 'underwriting', resource: 'quotation', action: 'helpEntities', data: {} },
          { silent: true, signal },
        ),
      ),
    staleTime: 60_000,
  });
};

/** The directory, one page at a time; the server searches name, e-mail and phone digits. */
export const intermediaryPageQueryOptions = (options: { search: string; page: number; pageSize: number }) =>
  queryOptions({
    queryKey: ['intermediaries', 'page', options],
    queryFn: async ({ signal }) =>
      unwrapData(
        await callGateway<IntermediaryPage>(
          {
            service: 'underwriting',
            resource: 'quotation',
            action: 'listIntermediaries',
            data: {
              search: options.search.trim() || undefined,
              page: options.page,
              pageSize: options.pageSize,
            },
          },
          { silent: true, signal },
        ),
      ),
  });

export const intermediaryQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['intermediaries', 'id', id],
    queryFn: async ({ signal }) =>
      unwrapData(
        await callGateway<IntermediaryDetails>(
          { service: 'underwriting', resource: 'quotation', action: 'getIntermediary', data: { id } },
          { silent: true, signal },
        ),
      ),
  });

/** The category label's colour: brokers one tone, every other category another (spec-2). */
export function categoryTone(category: IntermediaryCategory | string): StatusTone {
  return category === 'BROKER' ? 'info' : 'success';
}

/**
 * The wizard's Help button (spec-1 §2.3): fetches the help data, then opens HelpMotor; when the
 * fetch fails the visitor goes back to Home with `failure` as an error toast.
 */
export function useOpenHelp(failure: { title: string; message: string }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      await queryClient.fetchQuery(helpEntitiesQueryOptions());
      navigate(paths.motorHelp.getHref());
    } catch {
      notify({ type: 'error', ...failure, duration: 4_000 });
      navigate(paths.home.getHref());
    }
  }, [queryClient, navigate, failure]);
}
