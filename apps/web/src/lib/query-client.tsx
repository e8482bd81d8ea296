import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router';

/**
 * The query cache every screen after the landing page shares. It loads with them (the route table's
 * chunk, the header's bell), not with the landing page, whose two reads use `lib/resource.ts`.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: 1, refetchOnWindowFocus: false },
  },
});

/** Gives its children (or, as a layout route, the matched screen) the shared query cache. */
export function QueryProvider({ children }: { children?: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children ?? <Outlet />}</QueryClientProvider>;
}
