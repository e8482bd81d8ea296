import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { paths } from '../config/paths';
import { loadAdvertisementsWhenIdle } from '../features/advertisements/api/get-advertisements';
import { onAppEvent } from '../lib/events';
import { useLanguage } from '../lib/i18n';
import { createAppRouter } from './router';

export function App() {
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
    // The query cache comes with the screens after the landing page (lib/query-client.tsx).
    <RouterProvider key={language} router={router} />
  );
}
