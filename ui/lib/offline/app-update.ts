/**
 * A new version of the app is taken on the next navigation, as a page loaded afresh from it
 * (never a page running half the old code and half the new), with a short note once it is in.
 * ./service-worker.ts says when a new version waits; the router's history asks here whether a
 * navigation should load its page afresh (ui/lib/navigation-guard.ts).
 */
const UPDATED_KEY = 'boon-updated';

/** Set once a new version is ready: takes it and loads the address from it. */
let takeUpdate: ((href: string) => void) | null = null;

export const offerUpdate = (take: (href: string) => void) => {
  takeUpdate = take;
};

/** Loads `href` from the new version when one waits (true), else leaves the navigation be. */
export const loadedFromNewVersion = (href: string): boolean => {
  if (!takeUpdate) return false;
  try {
    sessionStorage.setItem(UPDATED_KEY, '1');
  } catch {
    // Without session storage the note is not shown; the update still happens.
  }
  takeUpdate(href);
  return true;
};

/** Whether this page is the first of a new version: read once as the app loads, then forgotten. */
const updatedOnLoad = (() => {
  try {
    const updated = sessionStorage.getItem(UPDATED_KEY) !== null;
    sessionStorage.removeItem(UPDATED_KEY);
    return updated;
  } catch {
    return false;
  }
})();

export const justUpdated = () => updatedOnLoad;
