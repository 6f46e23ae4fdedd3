import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { Layout } from './app/layout';
export { titleFor } from './app/routes';
import { ConsentBanner } from './components/consent-banner';
import { PageSkeleton } from './components/ui/skeleton';
import AboutPage from './features/legal/about-page';
import ContactPage from './features/legal/contact-page';
import PrivacyPage from './features/legal/privacy-page';
import PrivacyPolicyPage from './features/legal/privacy-policy-page';
import TermsPage from './features/legal/terms-page';
import SplashPage from './features/onboarding/splash-page';
import HomePage from './features/questions/home-page';
import ResponsesPage from './features/responses/responses-page';

/**
 * Run at build time only (vite.config.ts): the pages that need no data are rendered to HTML,
 * so they paint before any JavaScript arrives; every other route starts from the app shell
 * (header, tab bar, a page skeleton). The app then renders the same page over it.
 */
type Prerendered = {
  /** The address rendered; `route` when one file serves a route with a parameter. */
  path: string;
  route?: string;
  file: string;
  module: string;
  Page: ComponentType;
};

export const prerendered: Prerendered[] = [
  { path: '/', file: 'index', module: 'features/onboarding/splash-page.tsx', Page: SplashPage },
  {
    path: '/intro',
    file: 'intro',
    module: 'features/onboarding/splash-page.tsx',
    Page: SplashPage,
  },
  { path: '/about', file: 'about', module: 'features/legal/about-page.tsx', Page: AboutPage },
  {
    path: '/privacy',
    file: 'privacy',
    module: 'features/legal/privacy-page.tsx',
    Page: PrivacyPage,
  },
  {
    path: '/privacy-policy',
    file: 'privacy-policy',
    module: 'features/legal/privacy-policy-page.tsx',
    Page: PrivacyPolicyPage,
  },
  {
    path: '/terms-of-use',
    file: 'terms-of-use',
    module: 'features/legal/terms-page.tsx',
    Page: TermsPage,
  },
  {
    path: '/contact',
    file: 'contact',
    module: 'features/legal/contact-page.tsx',
    Page: ContactPage,
  },
  // Pages that load data start from their own loading state, their code already on its way.
  { path: '/home', file: 'home', module: 'features/questions/home-page.tsx', Page: HomePage },
  {
    path: '/responses/1',
    route: '/responses/:questionId',
    file: 'responses',
    module: 'features/responses/responses-page.tsx',
    Page: ResponsesPage,
  },
];

const splashPaths = new Set(['/', '/intro']);

/** The markup of #root for a path; `null` renders the shell every other route starts from. */
export const renderRoot = (page: Prerendered | null) => {
  const path = page?.path ?? '/shell';
  const Page = page?.Page ?? PageSkeleton;
  return renderToString(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          {splashPaths.has(path) ? (
            <Route path={path} element={<Page />} />
          ) : (
            <Route element={<Layout />}>
              <Route path={page?.route ?? path} element={<Page />} />
            </Route>
          )}
        </Routes>
        <ConsentBanner aboveNavigation={!splashPaths.has(path)} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
};
