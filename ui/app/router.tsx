import { lazy, Suspense, type ReactNode } from 'react';
import { createBrowserRouter } from 'react-router-dom';
import { Layout } from './layout';
import { NotFoundPage, PlaceholderPage } from './placeholder-page';

const SplashPage = lazy(() => import('../features/onboarding/splash-page'));
const DeviceCheckPage = lazy(() => import('../features/onboarding/device-check-page'));
const SetupPage = lazy(() => import('../features/onboarding/setup-page'));
const HomePage = lazy(() => import('../features/questions/home-page'));
const ResponsesPage = lazy(() => import('../features/responses/responses-page'));

const page = (element: ReactNode) => (
  <Suspense fallback={<p className="py-12 text-center">Loading…</p>}>{element}</Suspense>
);

/** Routes whose screens arrive with later issues. */
const upcoming: [string, string][] = [
  ['/welcome', 'Welcome'],
  ['/pseudonym-welcome', 'Pseudonym welcome'],
  ['/disclosure', 'Terms & Privacy'],
  ['/auth', 'Sign in'],
  ['/profile', 'Profile'],
  ['/settings', 'Settings'],
  ['/archive', 'Question Archive'],
  ['/questions/archive', 'Question Archive'],
  ['/my-journey', 'My Journey'],
  ['/my-responses', 'My Responses'],
  ['/personal/archive', 'Your Response Archive'],
  ['/question/:id', 'Question'],
  ['/submit-question', 'Submit a Question'],
  ['/privacy', 'Privacy'],
  ['/privacy-policy', 'Privacy Policy'],
  ['/terms-of-use', 'Terms of Use'],
  ['/about', 'About'],
  ['/contact', 'Contact'],
  ['/admin', 'Admin'],
  ['/admin-login', 'Admin login'],
  ['/admin/submissions', 'Submissions'],
  ['/admin/brainstorm', 'Brainstorm board'],
  ['/mini', 'Mini'],
  ['/mini-legacy', 'Mini (legacy)'],
  ['/mini-chat', 'Live chat'],
  ['/mini/result/:archetypeId', 'Mini result'],
  ['/sentiment', 'Sentiment'],
  ['/brainstorm', 'Brainstorm'],
];

export const router = createBrowserRouter([
  { path: '/', element: page(<SplashPage />) },
  { path: '/intro', element: page(<SplashPage />) },
  {
    element: <Layout />,
    children: [
      { path: '/device-check', element: page(<DeviceCheckPage />) },
      { path: '/setup', element: page(<SetupPage />) },
      { path: '/home', element: page(<HomePage />) },
      { path: '/responses/:questionId', element: page(<ResponsesPage />) },
      ...upcoming.map(([path, name]) => ({ path, element: <PlaceholderPage name={name} /> })),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
