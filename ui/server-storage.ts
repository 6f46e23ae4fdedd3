/**
 * Imported first by the server-side render (ui/prerender.tsx): there is no browser storage
 * where pages are rendered, so every key reads as never stored, as in a first visit, and
 * nothing is written. The browser reads its own storage once it has adopted the page.
 */
if (typeof globalThis.localStorage === 'undefined') {
  const neverStored: Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'clear'> & {
    length: number;
  } = {
    length: 0,
    getItem: () => null,
    setItem: () => {},
    removeItem: () => {},
    key: () => null,
    clear: () => {},
  };
  Object.assign(globalThis, { localStorage: neverStored });
}
