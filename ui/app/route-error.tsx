import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Unreachable } from '../components/unreachable';
import { Button, ButtonLink } from '../components/ui/button';
import { EmptyState } from '../components/ui/empty-state';
import { LostPathDrawing } from '../components/ui/illustrations';
import { usePageTitle } from '../lib/page-title';
import { forgetFailedLoads } from '../lib/lazy-component';

/** A page's code that did not arrive: the browser is offline, or Boon cannot be reached. */
const LOAD_FAILURE =
  /dynamically imported module|importing a module script failed|failed to fetch|load failed|networkerror/i;

export const isLoadFailure = (error: unknown) =>
  error instanceof TypeError || (error instanceof Error && LOAD_FAILURE.test(error.message));

/**
 * What a route shows when it cannot be shown: "Can't reach Boon" with a Retry that fetches the
 * page again (and tries by itself when the device is back online), or, for a fault in the app,
 * a plain apology with a reload. Never React Router's developer page. `standalone` when the
 * layout itself is what failed (no header around it).
 */
export const RouteError = ({ error, standalone }: { error: unknown; standalone: boolean }) => {
  const navigate = useNavigate();
  const { pathname, search, hash, state } = useLocation();
  const unreachable = isLoadFailure(error);
  usePageTitle(unreachable ? 'Can’t reach Boon' : 'Something went wrong');
  useEffect(() => {
    console.error('The page could not be shown', error);
  }, [error]);
  // The same address again: the route renders afresh, and its page's code is fetched anew.
  const retry = () => {
    forgetFailedLoads();
    void navigate({ pathname, search, hash }, { replace: true, state });
  };
  const Frame = standalone ? 'main' : 'div';
  return (
    <Frame className={standalone ? 'mx-auto max-w-6xl px-4 py-10' : undefined}>
      {unreachable ? (
        <Unreachable level={1} onRetry={retry} retrying={false} />
      ) : (
        <EmptyState
          level={1}
          role="alert"
          drawing={<LostPathDrawing />}
          title="Something went wrong"
          action={
            <>
              <Button onClick={() => window.location.reload()}>Reload the page</Button>
              <ButtonLink to="/home" variant="secondary" reloadDocument>
                Go to today’s question
              </ButtonLink>
            </>
          }
        >
          <p>This page ran into a problem on our side. Reloading usually helps.</p>
        </EmptyState>
      )}
    </Frame>
  );
};
