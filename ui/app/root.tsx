import { useAtomValue } from 'jotai';
import { Suspense, useEffect, useState } from 'react';
import { Outlet, ScrollRestoration, useMatches } from 'react-router-dom';
import { ConsentBanner } from '../components/consent-banner';
import { toastAtom } from '../components/ui/toast';
import { useTheme } from '../lib/theme';
import { lazyPage, type RouteHandle } from './lazy-page';

/** The notification area's code (Radix toast) arrives with the first toast, not before. */
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

/** True from the first toast on (the notification area then stays, for the next ones). */
const useToastRaised = () => {
  const current = useAtomValue(toastAtom);
  const [raised, setRaised] = useState(false);
  if (current && !raised) setRaised(true);
  return raised || current !== null;
};

/** Around every page, splash included: the theme, the title, the consent banner and the toasts. */
export const Root = () => {
  useTheme();
  useRouteTitle();
  const toastRaised = useToastRaised();
  return (
    <>
      <Outlet />
      {/* A new page starts at its top (the answer's celebration left the phone scrolled down);
          back and forward return to where the reader was. */}
      <ScrollRestoration />
      <ConsentBanner />
      {toastRaised && (
        <Suspense fallback={null}>
          <toaster.Component />
        </Suspense>
      )}
    </>
  );
};
