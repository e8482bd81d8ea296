import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { startLanguage } from './lib/i18n';
import { listenForPreloadErrors } from './lib/lazy';
import { registerServiceWorker } from './lib/service-worker';
import { listenForUnhandledErrors } from './lib/unhandled-errors';
import './index.css';

listenForPreloadErrors();
listenForUnhandledErrors();
registerServiceWorker();
// English is in this chunk; a Swahili visitor's landing texts arrive before the first render.
await startLanguage();

const container = document.getElementById('root');
if (container) {
  const root = createRoot(container);
  // A transition lets React yield while it renders the first screen, keeping the main thread free
  // on slow phones (fewer long tasks, lower total blocking time).
  startTransition(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}
