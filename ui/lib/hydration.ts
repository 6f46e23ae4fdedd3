import { useSyncExternalStore } from 'react';

const unchanging = () => () => {};

/**
 * A value only the browser knows (its storage, its clock, the device's theme), read so that a
 * prerendered page's first render in the browser matches its HTML: `prerendered` while React
 * adopts that HTML (hydration), the browser's own value in the render right after. Pages that
 * were not prerendered get the browser's value at once. `read` must answer a primitive.
 */
export const useBrowserValue = <T>(read: () => T, prerendered: T): T =>
  useSyncExternalStore(unchanging, read, () => prerendered);
