import { lazy, Suspense, type ReactNode } from 'react';
import { createBrowserRouter } from 'react-router-dom';
import { Layout } from './layout';
import { Root } from './root';
import { NotFound } from '../components/not-found';
import { PageSkeleton } from '../components/ui/skeleton';
import { PlaceholderPage } from './placeholder-page';

const SplashPage = lazy(() => import('../features/onboarding/splash-page'));
const DeviceCheckPage = lazy(() => import('../features/onboarding/device-check-page'));
const SetupPage = lazy(() => import('../features/onboarding/setup-page'));
const WelcomePage = lazy(() => import('../features/onboarding/welcome-page'));
const PseudonymWelcomePage = lazy(() => import('../features/onboarding/pseudonym-welcome-page'));
const DisclosurePage = lazy(() => import('../features/onboarding/disclosure-page'));
const AuthPage = lazy(() => import('../features/auth/auth-page'));
const SettingsPage = lazy(() => import('../features/settings/settings-page'));
const AdminLoginPage = lazy(() => import('../features/admin/admin-login-page'));
const AdminPage = lazy(() => import('../features/admin/admin-page'));
const AboutPage = lazy(() => import('../features/legal/about-page'));
const PrivacyPage = lazy(() => import('../features/legal/privacy-page'));
const PrivacyPolicyPage = lazy(() => import('../features/legal/privacy-policy-page'));
const TermsPage = lazy(() => import('../features/legal/terms-page'));
const ContactPage = lazy(() => import('../features/legal/contact-page'));
const HomePage = lazy(() => import('../features/questions/home-page'));
const ResponsesPage = lazy(() => import('../features/responses/responses-page'));

const page = (element: ReactNode) => <Suspense fallback={<PageSkeleton />}>{element}</Suspense>;

/** Routes whose screens arrive with later issues. */
const upcoming: [string, string][] = [
  ['/archive', 'Question Archive'],
  ['/questions/archive', 'Question Archive'],
  ['/my-journey', 'My Journey'],
  ['/my-responses', 'My Responses'],
  ['/personal/archive', 'Your Response Archive'],
  ['/question/:id', 'Question'],
  ['/submit-question', 'Submit a Question'],
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
  {
    element: <Root />,
    children: [
      { path: '/', element: page(<SplashPage />) },
      { path: '/intro', element: page(<SplashPage />) },
      {
        element: <Layout />,
        children: [
          { path: '/device-check', element: page(<DeviceCheckPage />) },
          { path: '/setup', element: page(<SetupPage />) },
          { path: '/welcome', element: page(<WelcomePage />) },
          { path: '/pseudonym-welcome', element: page(<PseudonymWelcomePage />) },
          { path: '/disclosure', element: page(<DisclosurePage />) },
          { path: '/auth', element: page(<AuthPage />) },
          { path: '/settings', element: page(<SettingsPage />) },
          { path: '/home', element: page(<HomePage />) },
          { path: '/responses/:questionId', element: page(<ResponsesPage />) },
          { path: '/about', element: page(<AboutPage />) },
          { path: '/privacy', element: page(<PrivacyPage />) },
          { path: '/privacy-policy', element: page(<PrivacyPolicyPage />) },
          { path: '/terms-of-use', element: page(<TermsPage />) },
          { path: '/contact', element: page(<ContactPage />) },
          { path: '/admin-login', element: page(<AdminLoginPage />) },
          { path: '/admin', element: page(<AdminPage />) },
          { path: '/profile', element: <PlaceholderPage name="Profile" /> },
          ...upcoming.map(([path, name]) => ({ path, element: <PlaceholderPage name={name} /> })),
          { path: '*', element: <NotFound /> },
        ],
      },
    ],
  },
]);
