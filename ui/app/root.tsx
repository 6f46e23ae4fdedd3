import { useEffect } from 'react';
import { Outlet, useLocation, useMatches } from 'react-router-dom';
import { ConsentBanner } from '../components/consent-banner';
import { Toaster } from '../components/ui/toast';
import { useTheme } from '../lib/theme';
import type { RouteHandle } from './lazy-page';

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
      <Toaster />
    </>
  );
};
