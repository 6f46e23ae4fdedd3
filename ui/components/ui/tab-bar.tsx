import type { LucideIcon } from 'lucide-react';
import { Link } from 'react-router-dom';
import { cx } from './cx';

export type TabBarItem = { to: string; label: string; Icon: LucideIcon };

/**
 * The main navigation: a bottom tab bar on phones (icon over a short label, clear of the
 * home indicator), a row in the header on wider screens. The active tab says
 * aria-current="page".
 */
export const TabBar = ({
  items,
  active,
  label,
}: {
  items: readonly TabBarItem[];
  active: string | null;
  label: string;
}) => (
  <nav
    aria-label={label}
    data-overlay-bottom
    className="fixed inset-x-0 bottom-0 z-40 border-t border-line bg-surface/95 pb-[env(safe-area-inset-bottom)] backdrop-blur md:static md:border-0 md:bg-transparent md:pb-0 md:backdrop-blur-none"
  >
    <ul className="mx-auto grid h-(--tabbar-height) max-w-xl grid-cols-6 md:flex md:h-auto md:max-w-none md:gap-1">
      {items.map(({ to, label: name, Icon }) => {
        const current = active === to;
        return (
          <li key={to} className="flex">
            <Link
              to={to}
              aria-current={current ? 'page' : undefined}
              className={cx(
                'group flex flex-1 flex-col items-center justify-center gap-1 rounded-md text-micro font-medium transition-colors md:min-h-10 md:flex-row md:gap-2 md:px-3 md:text-small',
                current ? 'text-accent-ink' : 'text-ink-muted hover:text-ink',
              )}
            >
              <span
                className={cx(
                  'flex h-7 w-12 items-center justify-center rounded-full transition-colors md:h-auto md:w-auto',
                  current
                    ? 'bg-accent-soft md:bg-transparent'
                    : 'group-hover:bg-surface-sunken md:group-hover:bg-transparent',
                )}
              >
                <Icon
                  aria-hidden="true"
                  className="size-5 md:size-4"
                  strokeWidth={current ? 2.4 : 2}
                />
              </span>
              {name}
            </Link>
          </li>
        );
      })}
    </ul>
  </nav>
);
