import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { preloadRoute, router } from './app/router';
import { LiveClient, setLiveClient } from './lib/live-client';
import { createQueryClient } from './lib/query-client';
import { startSessionKeeper } from './lib/session';
import './styles.css';

const queryClient = createQueryClient();
const live = new LiveClient(queryClient);
setLiveClient(live);
live.start();
startSessionKeeper();

// Pages restored from the back/forward cache show fresh responses.
window.addEventListener('pageshow', (event) => {
  if (event.persisted) void queryClient.invalidateQueries({ queryKey: ['responses'] });
});

// The page's code first, then one render: a prerendered page is replaced by the same page,
// never by a loading skeleton in between.
void preloadRoute(window.location.pathname)
  .catch((error: unknown) => console.warn('Page code did not load ahead', error))
  .finally(() =>
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </StrictMode>,
    ),
  );
