import { t } from './i18n';

/**
 * Registers /serviceWorker.js (production only). When a new worker has installed while an old one
 * controls the page, asks 'A new update is available. Refresh now?' and on yes activates it and
 * reloads once it has taken control.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker
      .register('/serviceWorker.js')
      .then((registration) => {
        let accepted = false;
        navigator.serviceWorker.addEventListener('controllerchange', () => {
          if (accepted) window.location.reload();
        });
        const ask = (worker: ServiceWorker) => {
          if (!navigator.serviceWorker.controller) return;
          if (!window.confirm(t('serviceWorker.updateAvailable'))) return;
          accepted = true;
          worker.postMessage({ type: 'SKIP_WAITING' });
        };
        if (registration.waiting) ask(registration.waiting);
        registration.addEventListener('updatefound', () => {
          const installing = registration.installing;
          if (!installing) return;
          installing.addEventListener('statechange', () => {
            if (installing.state === 'installed') ask(installing);
          });
        });
      })
      .catch((error: unknown) => console.warn('service worker registration failed', error));
  });
}
