import { useAtomValue } from 'jotai';
import { Suspense, useState } from 'react';
import { Outlet } from 'react-router-dom';
import { toastAtom } from '../components/ui/toast';
import { useTheme } from '../lib/theme';
import { lazyPage } from './lazy-page';
import { RouteBoundary } from './route-boundary';

/** The notification area's code (Radix toast) arrives with the first toast, not before. */
const toaster = lazyPage(() =>
  import('../components/ui/toaster').then((m) => ({ default: m.Toaster })),
);

/** True from the first toast on (the notification area then stays, for the next ones). */
const useToastRaised = () => {
  const current = useAtomValue(toastAtom);
  const [raised, setRaised] = useState(false);
  if (current && !raised) setRaised(true);
  return raised || current !== null;
};

/**
 * Around every page, splash included: the theme and the toasts, and the
 * error page for what fails outside the layout (the splash, the layout itself).
 */
export const Root = () => {
  useTheme();
  const toastRaised = useToastRaised();
  return (
    <>
      <RouteBoundary standalone>
        <Outlet />
      </RouteBoundary>
      {toastRaised && (
        <Suspense fallback={null}>
          <toaster.Component />
        </Suspense>
      )}
    </>
  );
};
