import type { ReactNode } from 'react';
import { cx } from './cx';

export type BadgeTone = 'neutral' | 'accent' | 'success' | 'caution' | 'danger';

const tones: Record<BadgeTone, string> = {
  neutral: 'bg-surface-sunken text-ink-muted',
  accent: 'bg-accent-soft text-accent-ink',
  success: 'bg-success-soft text-success-ink',
  caution: 'bg-caution-soft text-caution-ink',
  danger: 'bg-danger-soft text-danger-ink',
};

/**
 * A short label: a category, a status, a count. Never the only carrier of meaning by colour.
 * A long one (a pseudonym, a category on a phone) wraps inside the pill rather than run off.
 */
export const Badge = ({
  tone = 'neutral',
  className = '',
  children,
}: {
  tone?: BadgeTone;
  className?: string;
  children: ReactNode;
}) => (
  <span
    className={cx(
      'inline-flex max-w-full items-center gap-1 rounded-full px-2.5 py-0.5 text-caption font-medium break-words [&_svg]:size-3.5 [&_svg]:shrink-0',
      tones[tone],
      className,
    )}
  >
    {children}
  </span>
);
