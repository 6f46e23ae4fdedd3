import { useQuery } from '@tanstack/react-query';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { ConnectionBanner } from '../components/connection-banner';
import { ConsentBanner } from '../components/consent-banner';
import { Footer } from './footer';
import { Button } from '../components/ui/button';
import {
  DarkThemeIcon,
  HomeIcon,
  LightThemeIcon,
  MiniIcon,
  ProfileIcon,
  QuestionsIcon,
  ResponsesIcon,
  SubmitIcon,
} from '../components/ui/icons';
import { Logo } from '../components/ui/logo';
import { BadgeToasts } from '../features/profile/components/badge-toasts';
import { TabBar, type TabBarItem } from '../components/ui/tab-bar';
import { useBrowserValue } from '../lib/hydration';
import { questionQuery, todayQuestionQuery } from '../lib/today-question';
import { watchOnly } from '../lib/watch-only';
import { isVisitStart } from '../lib/navigation-guard';
import { useTheme } from '../lib/theme';
import { ReminderNotifier } from '../features/reminders/reminder-notifier';
import { ReportDialogHost } from '../features/reports/report-dialog-host';
import { InboxBell } from '../features/inbox/components/inbox-bell';

const NAV: readonly TabBarItem[] = [
  { to: '/home', label: 'Home', Icon: HomeIcon },
  { to: '/archive', label: 'Questions', Icon: QuestionsIcon },
  { to: '/personal/archive', label: 'Responses', Icon: ResponsesIcon },
  { to: '/submit-question', label: 'Submit', Icon: SubmitIcon },
  { to: '/mini', label: 'Mini', Icon: MiniIcon },
  { to: '/profile', label: 'Profile', Icon: ProfileIcon },
];

/** The question a /responses/{id} path names, when the id is a question id at all. */
export const questionIdIn = (path: string): number | null => {
  const match = /^\/responses\/([1-9]\d{0,8})$/.exec(path);
  return match ? Number(match[1]) : null;
};

/**
 * The spec's highlight rules, with today's question standing in for the original's
 * hard-coded question 1. A responses page lights 'Questions' only once its question is
 * known to exist.
 */
const activeItem = (
  path: string,
  todayId: number | undefined,
  questionExists: boolean,
): string | null => {
  const questionId = questionIdIn(path);
  if (questionId !== null) {
    if (questionId === todayId) return '/home';
    return questionExists ? '/archive' : null;
  }
  if (path.includes('/mini')) return '/mini';
  if (path.includes('/settings')) return '/profile';
  return NAV.find((item) => path === item.to || path.startsWith(`${item.to}/`))?.to ?? null;
};

/** Each area enters its own way (the spec's fade, slide, scale, rotate and flip). */
const transitionFor = (path: string) => {
  if (path.startsWith('/admin')) return 'page-scale';
  if (path.includes('/mini')) return 'page-flip';
  if (['/setup', '/welcome', '/pseudonym-welcome', '/disclosure', '/auth'].includes(path)) {
    return 'page-slide';
  }
  if (path.startsWith('/responses/')) return 'page-rotate';
  return 'page-fade';
};

const ThemeToggle = () => {
  const { actual: browserTheme, choose } = useTheme();
  // The prerendered toggle is the light theme's; the browser's own theme shows once adopted.
  const hydrated = useBrowserValue(() => true, false);
  const actual = hydrated ? browserTheme : 'light';
  const next = actual === 'dark' ? 'light' : 'dark';
  const Icon = actual === 'dark' ? LightThemeIcon : DarkThemeIcon;
  return (
    <Button
      variant="ghost"
      size="icon"
      onClick={() => choose(next)}
      aria-label={`Switch to ${next} theme`}
    >
      <Icon aria-hidden="true" />
    </Button>
  );
};

export const Layout = () => {
  const { pathname, key } = useLocation();
  // The page a visit starts on is shown at once (it may be prerendered and already painted);
  // pages reached from it enter with their transition. (Not `key === 'default'`: a reload keeps
  // the key a client-side navigation gave the entry, and the prerendered page has none.) The
  // page is at least a screen tall, so the footer starts below the fold and content arriving
  // never pushes it about.
  const transition = isVisitStart(key) ? '' : transitionFor(pathname);
  // Both only watch the cache: the pages ask for their data. A shell that asked for today's
  // question itself had it in the cache before a prerendered page below was adopted (React
  // adopts that page after the shell), so the page's first render showed the question where
  // its HTML had the skeleton, and React drew it again (a hydration mismatch).
  const { data: today } = useQuery(watchOnly(todayQuestionQuery));
  const questionId = questionIdIn(pathname);
  const question = useQuery(watchOnly(questionQuery(questionId ?? 0)));
  const active = activeItem(pathname, today?.id, questionId !== null && question.isSuccess);
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-surface shadow-raised focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:px-4 focus:py-3"
      >
        Skip to content
      </a>
      <header
        data-toast-clear
        className="border-b border-line bg-canvas/90 pt-[env(safe-area-inset-top)]"
      >
        <div className="mx-auto flex h-14 max-w-6xl items-center justify-between gap-4 px-4">
          <Link to="/home" aria-label="Boon, today’s question" className="rounded-md">
            <Logo />
          </Link>
          {/* The admin area has tabs of its own; the member's bar would cover them on a phone. */}
          {!/^\/admin(\/|$)/.test(pathname) && <TabBar items={NAV} active={active} label="Main" />}
          <div className="flex items-center gap-1">
            <InboxBell />
            <ThemeToggle />
          </div>
        </div>
      </header>
      <ConnectionBanner />
      <ConsentBanner />
      <main
        id="main"
        key={pathname}
        className={`${transition} mx-auto min-h-dvh w-full max-w-6xl flex-1 px-4 py-6 sm:py-8`}
      >
        <Outlet />
      </main>
      <BadgeToasts />
      <ReminderNotifier />
      <ReportDialogHost />
      <Footer />
    </div>
  );
};
