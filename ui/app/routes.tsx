import { Suspense, useEffect, useLayoutEffect } from 'react';
import {
  matchRoutes,
  Outlet,
  useLocation,
  useNavigationType,
  useRoutes,
  type RouteObject,
} from 'react-router-dom';
import { NotFound } from '../components/not-found';
import { PageSkeleton } from '../components/ui/skeleton';
import { EarlyClicksReplay } from '../lib/early-clicks';
import { lazyPage, type RouteHandle } from './lazy-page';
import { Layout } from './layout';
import { Root } from './root';
import { RouteBoundary } from './route-boundary';

const pages = {
  splash: lazyPage(() => import('../features/onboarding/splash-page')),
  deviceCheck: lazyPage(() => import('../features/onboarding/device-check-page')),
  setup: lazyPage(() => import('../features/onboarding/setup-page')),
  welcome: lazyPage(() => import('../features/onboarding/welcome-page')),
  pseudonymWelcome: lazyPage(() => import('../features/onboarding/pseudonym-welcome-page')),
  disclosure: lazyPage(() => import('../features/onboarding/disclosure-page')),
  signedOut: lazyPage(() => import('../features/onboarding/signed-out-page')),
  auth: lazyPage(() => import('../features/auth/auth-page')),
  checkInbox: lazyPage(() => import('../features/auth/check-inbox-page')),
  verify: lazyPage(() => import('../features/auth/verify-page')),
  recover: lazyPage(() => import('../features/auth/recover-page')),
  reset: lazyPage(() => import('../features/auth/reset-page')),
  signInLink: lazyPage(() => import('../features/auth/sign-in-link-page')),
  adminLink: lazyPage(() => import('../features/auth/admin-link-page')),
  settings: lazyPage(() => import('../features/settings/settings-page')),
  adminLogin: lazyPage(() => import('../features/admin/admin-login-page')),
  admin: lazyPage(() => import('../features/admin/admin-page')),
  adminBrainstorm: lazyPage(() => import('../features/admin/admin-brainstorm-page')),
  adminSubmissions: lazyPage(() => import('../features/admin/admin-submissions-page')),
  about: lazyPage(() => import('../features/legal/about-page')),
  privacy: lazyPage(() => import('../features/legal/privacy-page')),
  privacyPolicy: lazyPage(() => import('../features/legal/privacy-policy-page')),
  terms: lazyPage(() => import('../features/legal/terms-page')),
  contact: lazyPage(() => import('../features/legal/contact-page')),
  home: lazyPage(() => import('../features/questions/home-page')),
  responses: lazyPage(() => import('./discussion-page')),
  mini: lazyPage(() => import('../features/mini/mini-page')),
  miniResult: lazyPage(() => import('../features/mini/result-page')),
  miniLegacy: lazyPage(() => import('../features/mini/legacy-page')),
  miniChat: lazyPage(() => import('../features/mini-chat/live-chat-page')),
  brainstorm: lazyPage(() => import('../features/contributions/brainstorm-page')),
  submitQuestion: lazyPage(() => import('../features/contributions/submit-question-page')),
  sentiment: lazyPage(() => import('../features/sentiment/sentiment-page')),
  archive: lazyPage(() => import('../features/archive/archive-page')),
  myResponses: lazyPage(() => import('../features/archive/my-responses-page')),
  profile: lazyPage(() => import('../features/profile/profile-page')),
  question: lazyPage(() => import('../features/archive/question-page')),
  questionsArchive: lazyPage(() => import('../features/archive/questions-archive-page')),
  myJourney: lazyPage(() => import('../features/archive/my-journey-page')),
  personalArchive: lazyPage(() => import('../features/archive/personal-archive-page')),
  inbox: lazyPage(() => import('../features/inbox/inbox-page')),
};

/** A lazily loaded page under its route: its title, and how to fetch it ahead. */
const route = (
  path: string,
  { Component: Page, preload }: ReturnType<typeof lazyPage>,
  title?: string,
) => ({
  path,
  element: (
    <Suspense fallback={<PageSkeleton />}>
      <Page />
      <EarlyClicksReplay />
    </Suspense>
  ),
  handle: { preload, ...(title ? { title } : {}) } satisfies RouteHandle,
});

export const routes: RouteObject[] = [
  {
    element: <Root />,
    children: [
      route('/', pages.splash, 'Thoughtful Dialogue'),
      route('/intro', pages.splash, 'Thoughtful Dialogue'),
      {
        element: <Layout />,
        // A pathless route whose error page shows inside the layout: header and tabs stay.
        children: [
          {
            element: (
              <RouteBoundary>
                <Outlet />
              </RouteBoundary>
            ),
            children: [
              route('/device-check', pages.deviceCheck, 'Checking your device'),
              route('/setup', pages.setup, 'Enter Your Journey'),
              route('/welcome', pages.welcome, 'Getting started'),
              route('/pseudonym-welcome', pages.pseudonymWelcome, 'Your pseudonym'),
              route('/disclosure', pages.disclosure, 'Before you begin'),
              route('/signed-out', pages.signedOut, 'Signed out'),
              route('/auth', pages.auth, 'Sign in or sign up'),
              route('/auth/check-inbox', pages.checkInbox, 'Check your inbox'),
              route('/auth/verify', pages.verify, 'Confirming your email'),
              route('/auth/recover', pages.recover, 'Forgot your password?'),
              route('/auth/reset', pages.reset, 'Choose a new password'),
              route('/auth/link', pages.signInLink, 'Signing in'),
              route('/auth/admin-link', pages.adminLink, 'Admin sign-in'),
              route('/settings', pages.settings, 'Settings'),
              route('/home', pages.home, 'Today’s question'),
              route('/responses/:questionId', pages.responses),
              route('/archive', pages.archive, 'Question Archive'),
              route('/my-responses', pages.myResponses, 'My Responses'),
              route('/profile', pages.profile, 'Profile'),
              route('/question/:id', pages.question),
              route('/questions/archive', pages.questionsArchive, 'Question Archive'),
              route('/my-journey', pages.myJourney, 'My Journey'),
              route('/personal/archive', pages.personalArchive, 'Your Response Archive'),
              route('/about', pages.about, 'About Boon'),
              route('/privacy', pages.privacy, 'Privacy & Terms'),
              route('/privacy-policy', pages.privacyPolicy, 'Privacy Policy'),
              route('/terms-of-use', pages.terms, 'Terms of Use'),
              route('/contact', pages.contact, 'Contact'),
              route('/admin-login', pages.adminLogin, 'Admin Login'),
              route('/admin', pages.admin, 'Admin Dashboard'),
              route('/admin/brainstorm', pages.adminBrainstorm, 'Brainstorm board'),
              route('/admin/submissions', pages.adminSubmissions, 'Submissions'),
              route('/mini', pages.mini, 'Mini'),
              route('/mini/result/:archetypeId', pages.miniResult, 'Your Archetype'),
              route('/mini-legacy', pages.miniLegacy, 'Today’s Ethical Journey'),
              route('/mini-chat', pages.miniChat, 'Live chat'),
              route('/brainstorm', pages.brainstorm, 'Brainstorm'),
              route('/submit-question', pages.submitQuestion, 'Submit a Question'),
              route('/sentiment', pages.sentiment, 'Community Sentiment'),
              route('/notifications', pages.inbox, 'Notifications'),
              {
                path: '*',
                element: <NotFound />,
                handle: { title: 'Page not found' } satisfies RouteHandle,
              },
            ],
          },
        ],
      },
    ],
  },
];

/**
 * The routes a path matches, the last path's kept: matching ranks every route afresh, and a
 * page's start asks for the same path's code and title one after the other.
 */
let lastMatch: { path: string; matches: ReturnType<typeof matchRoutes> } | null = null;
const matchesOf = (path: string) => {
  if (lastMatch?.path !== path) lastMatch = { path, matches: matchRoutes(routes, path) };
  return lastMatch.matches ?? [];
};

/** Fetches the pages the current address shows, so the first render is the real page. */
export const preloadRoute = (path: string) =>
  Promise.all(
    matchesOf(path).map((match) => (match.route.handle as RouteHandle | undefined)?.preload?.()),
  );

/** The title a path's route gives itself (pages that depend on data set their own). */
export const titleFor = (path: string) =>
  matchesOf(path)
    .map((match) => (match.route.handle as RouteHandle | undefined)?.title)
    .findLast(Boolean);

/** The deepest matched route's title in the tab; pages whose title depends on data set their own. */
const useRouteTitle = (pathname: string) => {
  const title = titleFor(pathname);
  useEffect(() => {
    if (title) document.title = `${title} · Boon`;
  }, [title]);
};

/**
 * A page reached by a link or navigate() starts at its top (the answer's celebration used to
 * leave the phone scrolled down); back and forward leave the browser to restore the position.
 */
const useScrollToTop = (pathname: string) => {
  const navigation = useNavigationType();
  useLayoutEffect(() => {
    if (navigation !== 'POP') window.scrollTo(0, 0);
  }, [pathname, navigation]);
};

/** The app's pages, in the browser and in the build's prerender alike. */
export const AppRoutes = () => {
  const { pathname } = useLocation();
  useRouteTitle(pathname);
  useScrollToTop(pathname);
  return useRoutes(routes);
};
