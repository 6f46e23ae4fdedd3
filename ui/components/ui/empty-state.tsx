import type { ReactNode } from 'react';
import { cx } from './cx';

/**
 * What a page shows when there is nothing (yet): a drawing, a heading that says so,
 * a sentence on what to do, and the one action that helps.
 */
export const EmptyState = ({
  drawing,
  title,
  children,
  action,
  level = 2,
  className = '',
  role,
}: {
  drawing?: ReactNode;
  title: ReactNode;
  children?: ReactNode;
  action?: ReactNode;
  level?: 1 | 2;
  className?: string;
  role?: 'status' | 'alert';
}) => {
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <section
      role={role}
      className={cx(
        'mx-auto flex max-w-md flex-col items-center px-4 py-10 text-center',
        className,
      )}
    >
      {drawing}
      <Heading
        className={cx(
          'mt-4 font-serif font-semibold tracking-tight',
          level === 1 ? 'text-headline' : 'text-title',
        )}
      >
        {title}
      </Heading>
      {children && <div className="mt-2 text-body text-ink-muted">{children}</div>}
      {action && <div className="mt-6 flex flex-wrap justify-center gap-3">{action}</div>}
    </section>
  );
};
