import { useLayoutEffect, useRef, useState } from 'react';

const TALLEST = 600;
const SHORTEST = 320;
const GAP = 8;

/**
 * A height for the chat that ends on the first screen, above what is fixed to its bottom (the
 * phone's tab bar, marked data-overlay-bottom): the composer at the chat's foot is then in view
 * at once, never under the tab bar. At most 600 px; at least 320, where a screen has less room.
 * Measured again as the page above it changes (a banner coming or going) or the window resizes.
 */
export const useFitToScreen = <T extends HTMLElement>() => {
  const ref = useRef<T>(null);
  const [height, setHeight] = useState(TALLEST);
  useLayoutEffect(() => {
    const fit = () => {
      const el = ref.current;
      if (!el) return;
      const fixedTops = [...document.querySelectorAll<HTMLElement>('[data-overlay-bottom]')]
        .filter((bar) => getComputedStyle(bar).position === 'fixed')
        .map((bar) => bar.getBoundingClientRect())
        .filter((rect) => rect.height > 0)
        .map((rect) => rect.top);
      const bottom = Math.min(window.innerHeight, ...fixedTops);
      const top = el.getBoundingClientRect().top + window.scrollY;
      setHeight(Math.round(Math.max(SHORTEST, Math.min(TALLEST, bottom - top - GAP))));
    };
    fit();
    const sizes = new ResizeObserver(fit);
    sizes.observe(document.body);
    window.addEventListener('resize', fit);
    return () => {
      sizes.disconnect();
      window.removeEventListener('resize', fit);
    };
  }, []);
  return { ref, height };
};
