import type { ReactNode } from 'react';
import { cx } from './cx';

/** A page's title (its one h1), an optional line above and below, and actions to the right. */
export const PageHeader = ({
  title,
  eyebrow,
  description,
  actions,
  align = 'start',
  className = '',
}: {
  title: ReactNode;
  eyebrow?: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  align?: 'start' | 'center';
  className?: string;
}) => (
  <header
    className={cx(
      'mb-6 flex flex-wrap items-end justify-between gap-4',
      align === 'center' && 'flex-col items-center text-center',
      className,
    )}
  >
    <div className="min-w-0 flex-1">
      {eyebrow && <p className="mb-1 text-small font-medium text-ink-muted">{eyebrow}</p>}
      <h1 className="font-serif text-headline font-semibold tracking-tight sm:text-display">
        {title}
      </h1>
      {description && <p className="mt-2 text-lead text-ink-muted">{description}</p>}
    </div>
    {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
  </header>
);
