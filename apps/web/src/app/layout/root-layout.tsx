import { useState } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router';
import { ErrorBoundary } from '../../components/error-boundary';
import { HelpModal } from '../../features/support/components/help-modal';
import { t } from '../../lib/i18n';
import { Notifications } from '../../lib/notifications';
import { Footer } from './footer';
import { Header } from './header';

export function RootLayout() {
  const [isHelpOpen, setHelpOpen] = useState(false);
  const navigation = useNavigation();
  const location = useLocation();
  return (
    <ErrorBoundary>
      <div className="flex min-h-screen flex-col">
        <a
          href="#main"
          className="sr-only z-50 rounded bg-white px-4 py-2 font-semibold text-emerald-900 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
        >
          {t('app.skipToContent')}
        </a>
        <Header onOpenHelp={() => setHelpOpen(true)} />
        {/* The address shown and whether a navigation is under way: the phone crawl's ready signal. */}
        <main
          id="main"
          tabIndex={-1}
          className="flex-1 focus:outline-none"
          data-path={location.pathname + location.search}
          data-navigation={navigation.state}
        >
          <Outlet />
        </main>
        <Footer />
      </div>
      <ErrorBoundary compact>
        <HelpModal isOpen={isHelpOpen} onClose={() => setHelpOpen(false)} />
      </ErrorBoundary>
      <Notifications />
      <ScrollRestoration />
    </ErrorBoundary>
  );
}
