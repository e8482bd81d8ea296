import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { paths } from '../config/paths';
import { loadAdvertisementsWhenIdle } from '../features/advertisements/api/get-advertisements';
import { onAppEvent } from '../lib/events';
import { useLanguage } from '../lib/i18n';
import { createAppRouter } from './router';

function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: 1, refetchOnWindowFocus: false },
    },
  });
}

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(createAppRouter);
  // Texts are read while rendering: a new language renders every screen again (the router, its
  // location and the query cache are kept; a half-filled form on the screen starts again).
  const language = useLanguage();

  useEffect(() => {
    const offUnauthorized = onAppEvent('unauthorized', () => {
      void router.navigate(paths.auth.getHref());
    });
    const offTokenNotFound = onAppEvent('token-not-found', () => {
      console.info('token not found: a secured call was skipped');
    });
    loadAdvertisementsWhenIdle();
    return () => {
      offUnauthorized();
      offTokenNotFound();
    };
  }, [router]);

  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider key={language} router={router} />
    </QueryClientProvider>
  );
}
