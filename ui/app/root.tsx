import { Suspense, useEffect } from 'react';
import { Outlet, useLocation, useMatches } from 'react-router-dom';
import { ConsentBanner } from '../components/consent-banner';
import { useTheme } from '../lib/theme';
import { lazyPage, type RouteHandle } from './lazy-page';

/** The notification area is not needed for the first paint: it arrives in its own chunk. */
const toaster = lazyPage(() =>
  import('../components/ui/toaster').then((m) => ({ default: m.Toaster })),
);

/** The deepest matched route's title; pages whose title depends on data set their own. */
const useRouteTitle = () => {
  const title = useMatches()
    .map((match) => (match.handle as RouteHandle | undefined)?.title)
    .findLast(Boolean);
  useEffect(() => {
    if (title) document.title = `${title} · Boon`;
  }, [title]);
};

/** Around every page, splash included: the theme, the title, the consent banner and the toasts. */
export const Root = () => {
  useTheme();
  useRouteTitle();
  const { pathname } = useLocation();
  const splash = pathname === '/' || pathname === '/intro';
  return (
    <>
      <Outlet />
      <ConsentBanner aboveNavigation={!splash} />
      <Suspense fallback={null}>
        <toaster.Page />
      </Suspense>
    </>
  );
};
