import { forgetReads } from './as-of';
import { API_CACHE, OUTBOX_DB, type WorkerMessage } from './contract';
import { forgetWrites } from './outbox';

const deleteDatabase = (name: string) =>
  new Promise<void>((resolve) => {
    const request = indexedDB.deleteDatabase(name);
    request.onsuccess = request.onerror = () => resolve();
  });

/**
 * Nothing of one person is left for the next on a shared device: at sign-out, sign-in and
 * erasure, the reads kept for offline and the writes waiting (their texts with them) go, here
 * and in the service worker.
 */
export const forgetOfflineData = async () => {
  forgetWrites();
  forgetReads();
  if (typeof navigator === 'undefined') return;
  navigator.serviceWorker?.controller?.postMessage({
    type: 'forget-reads',
  } satisfies WorkerMessage);
  await Promise.all([
    typeof caches === 'undefined' ? null : caches.delete(API_CACHE).catch(() => false),
    typeof indexedDB === 'undefined' ? null : deleteDatabase(OUTBOX_DB),
  ]);
};
