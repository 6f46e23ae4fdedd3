/**
 * Boon's mark: two circles, two perspectives, and the lens where they overlap.
 * The same drawing is the favicon and the app icon (ui/public).
 */
export const LogoMark = ({ className = 'size-7' }: { className?: string }) => (
  <svg viewBox="0 0 32 32" aria-hidden="true" focusable="false" className={className} fill="none">
    <circle cx="12" cy="16" r="8.5" strokeWidth="2.25" className="stroke-ink" />
    <circle cx="20" cy="16" r="8.5" strokeWidth="2.25" className="stroke-ink" />
    <path d="M16 8.5a8.5 8.5 0 0 1 0 15 8.5 8.5 0 0 1 0-15z" className="fill-accent" />
  </svg>
);

/** The mark and the word, as the header shows them. */
export const Logo = () => (
  <span className="inline-flex items-center gap-2">
    <LogoMark />
    <span className="font-serif text-title font-semibold tracking-tight">Boon</span>
  </span>
);
