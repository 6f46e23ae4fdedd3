import './server-storage';
import { QueryClient, QueryClientProvider, type QueryKey } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, Route, Routes, StaticRouter, type RouteObject } from 'react-router-dom';
import { Layout } from './app/layout';
import { AppRoutes, preloadRoute, routes } from './app/routes';
import { PageSkeleton } from './components/ui/skeleton';
import { queryKeys } from './lib/query-keys';
export { titleFor } from './app/routes';

/**
 * Run at build time only (vite.config.ts): the pages that need no data are rendered to HTML,
 * so they paint before any JavaScript arrives, and the pages people open most render their
 * loading state. The browser then **hydrates** them (ui/main.tsx): React adopts the HTML as it
 * stands rather than drawing the page again, so nothing painted is replaced and a click made
 * while the code arrives is not lost. Every other route starts from the app shell (header,
 * tab bar, a page skeleton), which the app renders over.
 */
type Prerendered = {
  /** The address rendered; `route` when one file serves a route with a parameter. */
  path: string;
  route?: string;
  file: string;
  /** The page's module, whose chunks the file preloads. */
  module: string;
};

export const prerendered: Prerendered[] = [
  { path: '/', file: 'index', module: 'features/onboarding/splash-page.tsx' },
  { path: '/intro', file: 'intro', module: 'features/onboarding/splash-page.tsx' },
  { path: '/about', file: 'about', module: 'features/legal/about-page.tsx' },
  { path: '/privacy', file: 'privacy', module: 'features/legal/privacy-page.tsx' },
  {
    path: '/privacy-policy',
    file: 'privacy-policy',
    module: 'features/legal/privacy-policy-page.tsx',
  },
  { path: '/terms-of-use', file: 'terms-of-use', module: 'features/legal/terms-page.tsx' },
  { path: '/contact', file: 'contact', module: 'features/legal/contact-page.tsx' },
  // Pages that load data start from their own loading state, their code already on its way.
  { path: '/home', file: 'home', module: 'features/questions/home-page.tsx' },
  {
    path: '/responses/1',
    route: '/responses/:questionId',
    file: 'responses',
    module: 'app/discussion-page.tsx',
  },
];

/** The page any unknown address answers with (404): the layout around the not-found page. */
export const notFoundPage = { path: '/404', file: 'not-found' };

/** A path parameter that names a question: a positive whole number, as the pages parse it. */
const QUESTION_ID = '[1-9]\\d{0,8}';

/**
 * Every address the app knows, as RegExp sources for the server (any other answers 404 with
 * the not-found page). A question's id must be one the pages accept: /responses/abc is unknown.
 */
export const knownRoutePatterns = (): string[] => {
  const patterns: string[] = [];
  const visit = (list: RouteObject[]) => {
    for (const route of list) {
      if (route.path && route.path !== '*') {
        const source = route.path
          .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
          .replace(/:(questionId|id)\b/g, QUESTION_ID)
          .replace(/:[a-zA-Z]+/g, '[^/]+');
        patterns.push(`^${source}$`);
      }
      if (route.children) visit(route.children);
    }
  };
  visit(routes);
  return patterns;
};

/** The pages that say how to reach the operator (CONTACT_EMAIL, PRIVACY_EMAIL). */
const LEGAL_PAGES = ['/contact', '/privacy', '/privacy-policy', '/terms-of-use'];

/** A query's answer the page is rendered with, which the browser's cache starts from. */
export type FirstDatum = { key: QueryKey; data: unknown };

/**
 * What a page shows first that the server can answer for anyone (today's question, a
 * discussion's question): rendered into its HTML when each request is served, so its largest
 * text paints with the page instead of after the code and a round trip. The same requests the
 * page's inline script starts early (index.html); per-visitor data (the answers) stays out.
 */
export const firstDataOf = (path: string): { key: QueryKey; api: string }[] => {
  if (path === '/home') return [{ key: queryKeys.todayQuestion, api: '/api/question/today' }];
  if (LEGAL_PAGES.includes(path)) return [{ key: queryKeys.contact, api: '/api/site/contact' }];
  const discussion = /^\/responses\/([1-9]\d{0,8})$/.exec(path);
  if (discussion) {
    const id = Number(discussion[1]);
    return [{ key: queryKeys.question(id), api: `/api/question/${id}` }];
  }
  return [];
};

/** The app's own routes at `path`, exactly as the browser's first render will draw them. */
export const renderPage = async (path: string, firstData: FirstDatum[] = []) => {
  await preloadRoute(path);
  const client = new QueryClient();
  for (const { key, data } of firstData) client.setQueryData(key, data);
  return renderToString(
    <StrictMode>
      <QueryClientProvider client={client}>
        <StaticRouter location={path}>
          <AppRoutes />
        </StaticRouter>
      </QueryClientProvider>
    </StrictMode>,
  );
};

/** The shell every other route starts from: the layout around a page skeleton. */
const renderShell = () =>
  renderToString(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={['/shell']}>
        <Routes>
          <Route element={<Layout />}>
            <Route path="/shell" element={<PageSkeleton />} />
          </Route>
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );

/** The markup of #root for a page; `null` renders the shell. */
export const renderRoot = (page: Pick<Prerendered, 'path'> | null): Promise<string> | string =>
  page ? renderPage(page.path) : renderShell();
