/// <reference lib="webworker" />
import {
  cleanupOutdatedCaches,
  matchPrecache,
  precacheAndRoute,
  type PrecacheEntry,
} from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import type { WorkerMessage } from '../lib/offline/contract';

/** Written by the build (vite.config.ts): every file of this version the app needs offline. */
declare const __BOON_PRECACHE__: PrecacheEntry[];
/** Written by the build: which prerendered page starts which address (dist/ui/prerendered/routes.json). */
declare const __BOON_PAGES__: { pattern: string; file: string }[];

const pages = __BOON_PAGES__.map(({ pattern, file }) => ({
  pattern: new RegExp(pattern),
  file: `/prerendered/${file}`,
}));

/** The page an address starts from offline: its prerendered page, else the app shell. */
const pageFor = (path: string) =>
  pages.find(({ pattern }) => pattern.test(path))?.file ?? '/index.html';

/** Addresses that are the server's own, never a page of the app. */
const SERVER_PATHS = /^\/(api|healthz|metrics|dev)(\/|$)/;

/**
 * The app shell: this version's code, styles, pages and fonts precached when the worker
 * installs, and served from there (their names carry their content's hash). A page itself
 * comes from the network whenever there is one, rendered with today's data and naming the
 * newest code; offline, the page its address starts from comes from the precache, and the
 * app draws it from the reads kept for it (./api-cache.ts).
 *
 * A new version installs beside the running one and waits: the page asks it to take over on
 * its next navigation and then loads that page afresh (ui/lib/offline/app-update.ts), so no
 * page ever runs half the old version and half the new.
 */
export const installAppShell = (scope: ServiceWorkerGlobalScope) => {
  registerRoute(
    ({ request, url }) =>
      request.mode === 'navigate' &&
      url.origin === scope.location.origin &&
      !SERVER_PATHS.test(url.pathname),
    async ({ event, request, url }) => {
      try {
        const preloaded = (await (event as FetchEvent).preloadResponse) as Response | undefined;
        return preloaded ?? (await fetch(request));
      } catch {
        return (await matchPrecache(pageFor(url.pathname))) ?? Response.error();
      }
    },
  );
  precacheAndRoute(__BOON_PRECACHE__, { directoryIndex: '', cleanURLs: false });
  cleanupOutdatedCaches();
  scope.addEventListener('activate', (event) => {
    // A page's request starts while the worker wakes, rather than after it.
    event.waitUntil(
      Promise.all([
        scope.registration.navigationPreload?.enable(),
        // The first install takes the page that registered it: what it reads from now on is
        // kept for offline. (An update only activates when a page asked it to, see above.)
        scope.clients.claim(),
      ]),
    );
  });
  scope.addEventListener('message', (event) => {
    if ((event.data as WorkerMessage | null)?.type === 'take-update') void scope.skipWaiting();
  });
};
