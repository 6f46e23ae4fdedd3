/**
 * Where the one notification goes: never over a text box, over what is fixed to the bottom
 * of the screen (the phone's tab bar, marked data-overlay-bottom), or over the header and the
 * bars under it while they are on screen (marked data-toast-clear). The bottom first, just
 * above those; the top, below the header, only when a text box sits in the bottom band. If one
 * sits under both bands, the one away from the focused field wins.
 */
export type Placement = { edge: 'top' | 'bottom'; offset: number };

const GAP = 8;
const TEXT_BOXES =
  'textarea, input:not([type=hidden]):not([type=checkbox]):not([type=radio]):not([type=range]), [contenteditable=true]';

const visibleRects = (selector: string) =>
  [...document.querySelectorAll<HTMLElement>(selector)]
    .map((el) => ({ el, rect: el.getBoundingClientRect() }))
    .filter(({ rect }) => rect.width > 0 && rect.height > 0);

const overlaps = (a: { top: number; bottom: number }, b: { top: number; bottom: number }) =>
  a.top < b.bottom && b.top < a.bottom;

export const choosePlacement = (toastHeight: number): Placement => {
  const viewport = window.innerHeight;
  const fixedBottom = visibleRects('[data-overlay-bottom]')
    .filter(({ el }) => getComputedStyle(el).position === 'fixed')
    .map(({ rect }) => rect.top);
  const bottomOffset = viewport - Math.min(viewport, ...fixedBottom) + GAP;
  const cleared = visibleRects('[data-toast-clear]')
    .map(({ rect }) => rect.bottom)
    .filter((bottomEdge) => bottomEdge > 0);
  const topOffset = Math.max(0, ...cleared) + GAP;
  const top = {
    edge: 'top' as const,
    offset: topOffset,
    band: { top: topOffset, bottom: topOffset + toastHeight },
  };
  const bottom = {
    edge: 'bottom' as const,
    offset: bottomOffset,
    band: { top: viewport - bottomOffset - toastHeight, bottom: viewport - bottomOffset },
  };
  const candidates = [bottom, top];
  const boxes = visibleRects(TEXT_BOXES);
  const clear = candidates.find((c) => boxes.every(({ rect }) => !overlaps(rect, c.band)));
  const focused = boxes.find(({ el }) => el === document.activeElement);
  const chosen =
    clear ?? candidates.find((c) => !focused || !overlaps(focused.rect, c.band)) ?? candidates[0]!;
  return { edge: chosen.edge, offset: chosen.offset };
};
