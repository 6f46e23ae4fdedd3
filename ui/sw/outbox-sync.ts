/// <reference lib="webworker" />
import { OUTBOX_CHANNEL, OUTBOX_SYNC_TAG } from '../lib/offline/contract';
import { sendWaiting } from '../lib/offline/outbox-send';

/** Background Sync's event (not in TypeScript's worker library yet). */
type SyncEvent = ExtendableEvent & { tag: string };

/**
 * Background Sync, where the browser has it: the writes made offline are sent once the device
 * is back online, even with no Boon page open. Each page is told what came of each (sent, or
 * refused with Boon's reason), as when a page sends them itself.
 */
export const installOutboxSync = (scope: ServiceWorkerGlobalScope) => {
  scope.addEventListener('sync', (event) => {
    const sync = event as SyncEvent;
    if (sync.tag !== OUTBOX_SYNC_TAG) return;
    sync.waitUntil(
      (async () => {
        const channel = new BroadcastChannel(OUTBOX_CHANNEL);
        try {
          const result = await sendWaiting(null, (write, outcome) =>
            channel.postMessage({ write, outcome }),
          );
          // Thrown, the browser tries the sync again later, backing off.
          if (result === 'later') throw new Error('Boon could not be reached yet');
        } finally {
          channel.close();
        }
      })(),
    );
  });
};
