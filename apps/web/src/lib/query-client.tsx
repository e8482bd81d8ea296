import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { isRefusal } from './api-client';
import { currentLanguage, onLanguageChange } from './i18n';

/**
 * The query cache every screen after the landing page shares. It loads with them (the route table's
 * chunk, the header's bell), not with the landing page, whose two reads use `lib/resource.ts`.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    // One more try after a failure on a weak network, none after a refusal (4xx): it would answer the same.
    queries: {
      retry: (failures, error) => failures < 1 && !isRefusal(error),
      refetchOnWindowFocus: false,
    },
  },
});

/**
 * Server answers carry words in the language they were asked in (the underwriters' product and
 * benefit names, ledger lines, refusals): after a switch every query is asked again — the screens
 * showing them at once, the others when next shown.
 */
let answersLanguage = currentLanguage();
onLanguageChange(() => {
  const language = currentLanguage();
  if (language === answersLanguage) return;
  answersLanguage = language;
  void queryClient.invalidateQueries();
});

/** Gives its children (or, as a layout route, the matched screen) the shared query cache. */
export function QueryProvider({ children }: { children?: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children ?? <Outlet />}</QueryClientProvider>;
}
