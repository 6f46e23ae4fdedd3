import type { ReactNode } from 'react';

/**
 * Small line drawings made for Boon, in the theme's colours (they follow light and dark).
 * Decorative: hidden from screen readers; the text next to them says what they show.
 */
const Drawing = ({
  children,
  className = 'h-28 w-auto',
}: {
  children: ReactNode;
  className?: string;
}) => (
  <svg
    viewBox="0 0 160 120"
    aria-hidden="true"
    focusable="false"
    fill="none"
    strokeWidth="3"
    strokeLinecap="round"
    strokeLinejoin="round"
    className={className}
  >
    {children}
  </svg>
);

const line = 'stroke-line-strong';
const accent = 'stroke-accent';

export const ConversationDrawing = () => (
  <Drawing>
    <rect x="18" y="20" width="78" height="52" rx="16" className={`fill-accent-soft ${accent}`} />
    <path d="M36 72 30 88 52 72" className={`fill-accent-soft ${accent}`} />
    <circle cx="42" cy="46" r="4" className="fill-accent" />
    <circle cx="57" cy="46" r="4" className="fill-accent" />
    <circle cx="72" cy="46" r="4" className="fill-accent" />
    <rect x="66" y="48" width="76" height="46" rx="16" className={`fill-surface ${line}`} />
    <path d="M120 94 130 106 108 94" className={`fill-surface ${line}`} />
    <path d="M80 64h46M80 76h30" className={line} />
  </Drawing>
);

export const VoiceDrawing = () => (
  <Drawing>
    <rect x="18" y="18" width="94" height="60" rx="18" className={`fill-surface ${line}`} />
    <path d="M38 78 32 96 56 78" className={`fill-surface ${line}`} />
    <path d="M36 40h56M36 55h36" className={line} />
    <path d="m130 44 12 12-36 36-16 4 4-16z" className={`fill-accent-soft ${accent}`} />
    <path d="m122 52 12 12" className={accent} />
  </Drawing>
);

export const QuestionDrawing = () => (
  <Drawing>
    <rect
      x="34"
      y="18"
      width="80"
      height="90"
      rx="12"
      transform="rotate(-8 74 63)"
      className="fill-surface-sunken stroke-line"
    />
    <rect x="44" y="14" width="80" height="92" rx="12" className={`fill-surface ${line}`} />
    <path d="M71 49a13 13 0 1 1 18 12c-3 1.6-5 4-5 7.5V72" strokeWidth="6" className={accent} />
    <circle cx="84" cy="86" r="4" className="fill-accent" />
  </Drawing>
);

export const OfflineDrawing = () => (
  <Drawing>
    <path
      d="M46 82h68a19 19 0 0 0 0-38 27 27 0 0 0-51-6 22 22 0 0 0-17 44z"
      className={`fill-accent-soft ${accent}`}
    />
    <path d="M34 24 126 104" strokeWidth="5" className="stroke-canvas" />
    <path d="M34 24 126 104" className={line} />
  </Drawing>
);

export const LostPathDrawing = () => (
  <Drawing>
    <path d="M22 96c30 0 22-36 54-36s34-30 60-30" strokeDasharray="4 9" className={line} />
    <circle cx="22" cy="96" r="6" className="fill-accent" />
    <path d="m128 22 16 16m0-16-16 16" strokeWidth="4" className={accent} />
  </Drawing>
);

export const PairDrawing = () => (
  <Drawing>
    <path d="M46 32c0-22 68-22 68 0" strokeDasharray="3 7" className={accent} />
    <rect x="18" y="32" width="56" height="64" rx="10" className={`fill-surface ${line}`} />
    <rect x="86" y="32" width="56" height="64" rx="10" className={`fill-accent-soft ${accent}`} />
    <path d="M30 50h32M30 62h24M30 74h28" className={line} />
    <path d="M98 50h32M98 62h18" className={accent} />
  </Drawing>
);

export const SproutDrawing = () => (
  <Drawing>
    <path d="M30 98h100" className={line} />
    <path d="M80 98V58" className={accent} />
    <path d="M80 72c-20 0-28-14-26-26 14 0 26 10 26 26z" className={`fill-accent-soft ${accent}`} />
    <path d="M80 62c20 0 30-14 26-28-14 0-26 12-26 28z" className={`fill-accent-soft ${accent}`} />
    <circle cx="128" cy="28" r="8" className={line} />
  </Drawing>
);
