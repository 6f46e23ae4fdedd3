import { offerUpdate } from './app-update';
import type { WorkerMessage } from './contract';

/** How often a long-open page asks whether a new version is out (on coming back into view). */
const UPDATE_CHECK_MS = 30 * 60_000;

/**
 * Registers the service worker (ui/sw/) once the page has painted and loaded (main.tsx): it
 * never competes with the first paint. When a new version has installed and waits, the next
 * navigation takes it (./app-update.ts); another tab that took it already means this page is
 * the old version, and its next navigation loads the new one too.
 */
export const registerServiceWorker = async () => {
  if (!('serviceWorker' in navigator)) return;
  const container = navigator.serviceWorker;
  // The first install also takes the page (clients.claim): that is no update.
  const hadController = container.controller !== null;
  let waiting: ServiceWorker | null = null;
  const take = (href: string) => {
    const go = () => window.location.assign(href);
    if (waiting?.state !== 'installed') return go();
    container.addEventListener('controllerchange', go, { once: true });
    waiting.postMessage({ type: 'take-update' } satisfies WorkerMessage);
    // Should it not take over (its install failed meanwhile), the page still loads.
    setTimeout(go, 3000);
  };
  container.addEventListener('controllerchange', () => {
    if (hadController) offerUpdate(take);
  });
  const registration = await container.register('/sw.js');
  const found = (worker: ServiceWorker | null) => {
    if (!worker || !hadController) return;
    const ready = () => {
      if (worker.state !== 'installed') return;
      waiting = worker;
      offerUpdate(take);
    };
    ready();
    worker.addEventListener('statechange', ready);
  };
  found(registration.waiting ?? registration.installing);
  registration.addEventListener('updatefound', () => found(registration.installing));
  let checked = Date.now();
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'visible' || Date.now() - checked < UPDATE_CHECK_MS) return;
    checked = Date.now();
    void registration.update().catch(() => undefined);
  });
};
