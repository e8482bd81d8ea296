import type { ActionOutput } from '@bima/domain/contract';
import type { IntermediaryCategory, IntermediaryListItem } from '@bima/domain/intermediaries';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import type { StatusTone } from '../components/status-badge';
import { paths } from '../config/paths';
import { authStore } from '../stores/auth';
import { callAction } from './api-client';
import { notify } from './notifications';

export type { IntermediaryListItem };

/** One firm's page: the list item plus its reference, description and address. */
export type IntermediaryDetails = ActionOutput<'underwriting/quotation/getIntermediary'>;

/** `underwriting / quotation / helpEntities`: the ACTIVE intermediaries and, signed in, the prefill. */
export type HelpEntities = ActionOutput<'underwriting/quotation/helpEntities'>;

/** The help form's prefill from a signed-in client's account and KYC (null when signed out). */
export type HelpPrefill = NonNullable<HelpEntities['prefill']>;

/** One page of the directory (asked with page and pageSize, the answer is always a page). */
export type IntermediaryPage = Extract<
  ActionOutput<'underwriting/quotation/listIntermediaries'>,
  { items: unknown }
>;

/** The help data depends on who asks (the prefill), so the signed-in user is part of its key. */
export const helpEntitiesQueryOptions = () => {
  const { isAuthenticated, authData } = authStore.getState();
  const who = isAuthenticated ? (authData?.id ?? 'client') : 'anonymous';
  return queryOptions({
    queryKey: ['help', 'entities', who],
    queryFn: ({ signal }) => callAction('underwriting/quotation/helpEntities', {}, { silent: true, signal }),
    staleTime: 60_000,
  });
};

/** The directory, one page at a time; the server searches name, e-mail and phone digits. */
export const intermediaryPageQueryOptions = (options: { search: string; page: number; pageSize: number }) =>
  queryOptions({
    queryKey: ['intermediaries', 'page', options],
    queryFn: async ({ signal }) => {
      const answer = await callAction(
        'underwriting/quotation/listIntermediaries',
        { search: options.search.trim() || undefined, page: options.page, pageSize: options.pageSize },
        { silent: true, signal },
      );
      // Asked with a page, the answer is a page (the whole list only answers a call without one).
      return Array.isArray(answer)
        ? { items: answer, total: answer.length, page: 1, pageSize: answer.length, totalPages: 1 }
        : answer;
    },
  });

export const intermediaryQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['intermediaries', 'id', id],
    queryFn: ({ signal }) =>
      callAction('underwriting/quotation/getIntermediary', { id }, { silent: true, signal }),
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
