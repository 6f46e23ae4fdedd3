import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/** The theme's colour tokens, per theme, as written in ui/theme/tokens.css. */
const css = readFileSync('ui/theme/tokens.css', 'utf8');
const themeTokens = (selector: string): Record<string, string> => {
  const body = new RegExp(`${selector.replace('.', '\\.')} \\{([^}]*)\\}`).exec(css)?.[1] ?? '';
  return Object.fromEntries(
    [...body.matchAll(/--([\w-]+):\s*(#[0-9a-f]{6});/g)].map((m) => [m[1]!, m[2]!]),
  );
};

const luminance = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
};
/** WCAG 2.2 contrast ratio of two colours. */
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
};

const backgrounds = ['canvas', 'surface', 'surface-sunken'];
/** Text on the backgrounds it is used on: 4.5:1 (WCAG 1.4.3). */
const textPairs: [string, string][] = [
  ...backgrounds.flatMap((bg) => [
    ['ink', bg] as [string, string],
    ['ink-muted', bg] as [string, string],
    ['accent-ink', bg] as [string, string],
  ]),
  ['danger-ink', 'canvas'],
  ['danger-ink', 'surface'],
  ['accent-ink', 'accent-soft'],
  ['ink', 'accent-soft'],
  ['on-accent', 'accent'],
  ['on-accent', 'accent-hover'],
  ['on-danger', 'danger'],
  ['danger-ink', 'danger-soft'],
  ['success-ink', 'success-soft'],
  ['caution-ink', 'caution-soft'],
  ['canvas', 'ink'],
];
/** Control borders, icons-only controls and focus rings against what they sit on: 3:1 (1.4.11). */
const uiPairs: [string, string][] = backgrounds.flatMap((bg) => [
  ['line-strong', bg] as [string, string],
  ['accent', bg] as [string, string],
  ['focus', bg] as [string, string],
  ['danger', bg] as [string, string],
  // The opinion map's dots and group marks.
  ...['a', 'b', 'c', 'd', 'e'].map((g) => [`group-${g}`, bg] as [string, string]),
]);

describe.each([
  ['light', ':root'],
  ['dark', ':root.dark'],
])('the %s theme', (_name, selector) => {
  const tokens = themeTokens(selector);

  it.each(textPairs)('text %s on %s reaches 4.5:1', (fg, bg) => {
    expect(tokens[fg], fg).toBeDefined();
    expect(tokens[bg], bg).toBeDefined();
    expect(contrast(tokens[fg]!, tokens[bg]!)).toBeGreaterThanOrEqual(4.5);
  });

  it.each(uiPairs)('%s on %s reaches 3:1', (fg, bg) => {
    expect(contrast(tokens[fg]!, tokens[bg]!)).toBeGreaterThanOrEqual(3);
  });
});

describe('contrast', () => {
  it('matches the WCAG reference values', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
  });
});
