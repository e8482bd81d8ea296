import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { listenForPreloadErrors } from './lib/lazy';
import { registerServiceWorker } from './lib/service-worker';
import { listenForUnhandledErrors } from './lib/unhandled-errors';
import './index.css';

listenForPreloadErrors();
listenForUnhandledErrors();
registerServiceWorker();

const container = document.getElementById('root');
if (container) {
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
