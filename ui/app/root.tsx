import { Outlet, useLocation } from 'react-router-dom';
import { ConsentBanner } from '../components/consent-banner';
import { Toaster } from '../components/ui/toast';
import { useTheme } from '../lib/theme';

/** Around every page, splash included: the theme, the consent banner and the toasts. */
export const Root = () => {
  useTheme();
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
