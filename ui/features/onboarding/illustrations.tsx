import type { ReactNode } from 'react';

/** The carousel's drawings, made for Boon, in the theme's colours. Decorative. */
const Scene = ({ children }: { children: ReactNode }) => (
  <svg
    viewBox="0 0 160 120"
    aria-hidden="true"
    focusable="false"
    fill="none"
    strokeWidth="3"
    strokeLinecap="round"
    strokeLinejoin="round"
    className="h-40 w-auto sm:h-48"
  >
    {children}
  </svg>
);

const line = 'stroke-line-strong';
const accent = 'stroke-accent';

/** A sun rising over the road ahead. */
export const SunriseScene = () => (
  <Scene>
    <path d="M50 84a30 30 0 0 1 60 0" className={`fill-accent-soft ${accent}`} />
    <path d="M80 38v-10M56 48l-7-7M104 48l7-7M42 70h-10M118 70h10" className={accent} />
    <path d="M16 84h128" className={line} />
    <path d="M70 116 78 84M90 116l-8-32" className={line} />
  </Scene>
);

/** A signpost: two ways to go, and a choice to make. */
export const CrossroadsScene = () => (
  <Scene>
    <path d="M48 110h64" className={line} />
    <path d="M80 110V24" className={line} />
    <path d="M80 34H44l-10 9 10 9h36z" className={`fill-accent-soft ${accent}`} />
    <path d="M80 62h36l10 9-10 9H80z" className={`fill-surface ${line}`} />
    <circle cx="80" cy="22" r="3" className="fill-accent" />
  </Scene>
);

/** Three people, one conversation between them. */
export const CommunityScene = () => (
  <Scene>
    <path d="M52 40q28-26 56 0" strokeDasharray="3 7" className={accent} />
    <circle cx="40" cy="56" r="10" className={`fill-surface ${line}`} />
    <path d="M22 98a18 18 0 0 1 36 0" className={`fill-surface ${line}`} />
    <circle cx="120" cy="56" r="10" className={`fill-surface ${line}`} />
    <path d="M102 98a18 18 0 0 1 36 0" className={`fill-surface ${line}`} />
    <circle cx="80" cy="52" r="13" className={`fill-accent-soft ${accent}`} />
    <path d="M56 104a24 24 0 0 1 48 0" className={`fill-accent-soft ${accent}`} />
  </Scene>
);

/** A sprout climbing steps: small daily habits that add up. */
export const GrowthScene = () => (
  <Scene>
    <path d="M20 104h30V88h30V72h30V56h30" className={line} />
    <path d="M126 56V30" className={accent} />
    <path d="M126 42c-14 0-20-10-18-18 10 0 18 7 18 18z" className={`fill-accent-soft ${accent}`} />
    <path d="M126 36c13 0 20-9 17-19-10 0-17 8-17 19z" className={`fill-accent-soft ${accent}`} />
    <circle cx="35" cy="80" r="3" className="fill-accent" />
    <circle cx="65" cy="64" r="3" className="fill-accent" />
    <circle cx="95" cy="48" r="3" className="fill-accent" />
  </Scene>
);
