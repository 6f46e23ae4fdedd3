import { Link, NavLink, Outlet, useLocation } from 'react-router-dom';
import { useTheme } from '../lib/theme';
import { useTodayQuestion } from '../lib/today-question';

const NAV = [
  { to: '/home', label: 'Home' },
  { to: '/archive', label: 'Questions' },
  { to: '/personal/archive', label: 'Responses' },
  { to: '/submit-question', label: 'Submit' },
  { to: '/mini', label: 'Mini' },
  { to: '/profile', label: 'Profile' },
] as const;

/** The spec's highlight rules, with today's question standing in for the original's hard-coded question 1. */
const activeItem = (path: string, todayId: number | undefined): string | null => {
  const responses = /^\/responses\/(\d+)/.exec(path);
  if (responses) return Number(responses[1]) === todayId ? '/home' : '/archive';
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
  const { actual, choose } = useTheme();
  const next = actual === 'dark' ? 'light' : 'dark';
  return (
    <button
      type="button"
      onClick={() => choose(next)}
      aria-label={`Switch to ${next} theme`}
      className="rounded-md border border-stone-300 px-3 py-1 text-sm dark:border-stone-600"
    >
      {actual === 'dark' ? '☀ Light' : '☾ Dark'}
    </button>
  );
};

export const Layout = () => {
  const location = useLocation();
  const { data: today } = useTodayQuestion();
  const active = activeItem(location.pathname, today?.id);
  return (
    <div className="flex min-h-screen flex-col pb-20">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:p-2">
        Skip to content
      </a>
      <header className="border-b border-stone-200 bg-white/80 dark:border-stone-800 dark:bg-stone-900/80">
        <div className="mx-auto flex max-w-5xl items-center justify-between px-4 py-3">
          <Link
            to="/home"
            className="text-2xl font-bold tracking-tight text-amber-800 dark:text-amber-400"
          >
            Boon
          </Link>
          <ThemeToggle />
        </div>
      </header>
      <main
        id="main"
        key={location.pathname}
        className={`${transitionFor(location.pathname)} mx-auto w-full max-w-5xl flex-1 px-4 py-6`}
      >
        <Outlet />
      </main>
      <footer className="border-t border-stone-200 px-4 py-4 text-sm text-stone-600 dark:border-stone-800 dark:text-stone-300">
        <nav aria-label="Legal" className="mx-auto flex max-w-5xl flex-wrap gap-4">
          <Link to="/privacy-policy">Privacy Policy</Link>
          <Link to="/terms-of-use">Terms of Use</Link>
          <Link to="/contact">Contact</Link>
          <Link to="/about">About</Link>
          <span className="ml-auto">© 2025 Boon</span>
        </nav>
      </footer>
      <nav
        aria-label="Main"
        className="fixed inset-x-0 bottom-0 z-40 border-t border-stone-200 bg-white dark:border-stone-800 dark:bg-stone-900"
      >
        <ul className="mx-auto flex max-w-5xl justify-around">
          {NAV.map((item) => (
            <li key={item.to}>
              <NavLink
                to={item.to}
                aria-current={active === item.to ? 'page' : undefined}
                className={`block px-2 py-3 text-sm ${
                  active === item.to
                    ? 'font-semibold text-amber-800 dark:text-amber-400'
                    : 'text-stone-600 dark:text-stone-300'
                }`}
              >
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
};
