import { cx } from './cx';

/** Initials of a pseudonym ('Curious Owl' → 'CO'); never a photo, Boon is pseudonymous. */
export const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter((part) => /^\p{L}/u.test(part))
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('') || '?';

export const Avatar = ({
  name,
  own = false,
  size = 'md',
}: {
  name: string;
  own?: boolean;
  size?: 'sm' | 'md';
}) => (
  <span
    aria-hidden="true"
    className={cx(
      'flex shrink-0 items-center justify-center rounded-full font-semibold',
      size === 'md' ? 'size-9 text-small' : 'size-7 text-caption',
      own ? 'bg-accent text-on-accent' : 'bg-surface-sunken text-ink-muted',
    )}
  >
    {initials(name)}
  </span>
);
