import { expect, type Page } from '@playwright/test';

/** The cache the service worker keeps reads in (ui/lib/offline/contract.ts). */
const API_CACHE = 'boon-api-v1';

/**
 * Waits until the service worker controls the page (it registers once the page has loaded, and
 * takes the page that registered it): from then on, what the page reads is kept for offline.
 */
export const keptForOffline = (page: Page) =>
  page.waitForFunction(() => navigator.serviceWorker?.controller != null, undefined, {
    timeout: 30_000,
  });

/** The API paths the worker kept an answer for (any identity's). */
export const keptReads = (page: Page) =>
  page.evaluate(async (name) => {
    if (!(await caches.has(name))) return [];
    const cache = await caches.open(name);
    return (await cache.keys()).map((request) => new URL(request.url).pathname);
  }, API_CACHE);

/** Waits until the worker kept the answer to each of these reads, as the person saw it. */
export const readsKept = async (page: Page, paths: string[]) => {
  for (const path of paths) {
    await expect
      .poll(async () => (await keptReads(page)).includes(path), { message: path })
      .toBe(true);
  }
};

/** What waits in this browser's outbox (IndexedDB), as [kind, text] pairs. */
export const outboxWrites = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<[string, string | null][]>((resolve) => {
        const open = indexedDB.open('boon-outbox');
        open.onupgradeneeded = () => open.transaction?.abort();
        open.onerror = () => resolve([]);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('writes')) {
            db.close();
            return resolve([]);
          }
          const all = db.transaction('writes').objectStore('writes').getAll();
          all.onsuccess = () => {
            db.close();
            resolve(
              (all.result as { kind: string; text?: string }[]).map((write) => [
                write.kind,
                write.text ?? null,
              ]),
            );
          };
        };
      }),
  );

/** The banner at the top of every page (offline, what waits, "as of"). */
export const connectionBanner = (page: Page) => page.locator('[data-connection-banner]');
