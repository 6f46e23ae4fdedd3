import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppRouter } from './app/router';
import { preloadRoute } from './app/routes';
import { refreshOnRestore } from './lib/back-forward-cache';
import { dropEarlyClicks } from './lib/early-clicks';
import { seedFirstData } from './lib/first-data';
import { LiveClient, setLiveClient } from './lib/live-client';
import { startOutbox } from './lib/offline/outbox';
import { createQueryClient } from './lib/query-client';
import { startSessionKeeper } from './lib/session';
import './styles.css';

// The web fonts, a style sheet of their own (ui/lib/web-fonts.ts): asked for here too, where no
// prerendered page's loader did; the loader's request is not repeated.
// Without them (offline) the local faces stay: nothing to report.
import('./lib/web-fonts').catch(() => {});

/**
 * A task of its own for starting the app: evaluating the code (React's with it) is one long task
 * on a slow phone, and starting the app (its cache, the live connection, the page's route and
 * data) was as long again in the same one.
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

const start = async () => {
  await nextTask();
  const queryClient = createQueryClient();
  const live = new LiveClient(queryClient);
  setLiveClient(live);
  live.start();
  startSessionKeeper();
  startOutbox(queryClient);

  refreshOnRestore(queryClient);

  seedFirstData(queryClient);

  const root = document.getElementById('root')!;
  const app = (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <AppRouter />
      </QueryClientProvider>
    </StrictMode>
  );

  // A page prerendered at build time is already on screen: React adopts it (hydration) once its
  // code is here, so what is painted stays painted and a click made meanwhile is replayed. A
  // mismatch React had to mend is a bug in a page's first render: it is said, not hidden.
  // Other pages render at once (their data requests should not wait for their code).
  if (root.hasAttribute('data-prerendered')) {
    await preloadRoute(window.location.pathname).catch((error: unknown) =>
      console.warn('Page code did not load ahead', error),
    );
    // As a transition, the adoption is cut into slices the browser can serve input between
    // (React yields every few milliseconds), instead of one long task on a slow phone.
    startTransition(() => {
      hydrateRoot(root, app, {
        onRecoverableError: (error) => console.error('Hydration mismatch', error),
      });
    });
  } else {
    dropEarlyClicks();
    createRoot(root).render(app);
  }
};
void start();

// The service worker (offline, installing, updates) once the page has painted and loaded, in
// an idle moment: it never holds up the page.
const whenSettled = () =>
  'requestIdleCallback' in window
    ? requestIdleCallback(registerServiceWorker, { timeout: 5000 })
    : setTimeout(registerServiceWorker, 1000);
const registerServiceWorker = () =>
  void import('./lib/offline/service-worker')
    .then((worker) => worker.registerServiceWorker())
    .catch((error: unknown) => console.warn('The service worker was not registered', error));
if (document.readyState === 'complete') whenSettled();
else window.addEventListener('load', whenSettled, { once: true });
