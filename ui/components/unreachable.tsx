import { useEffect, useRef, useSyncExternalStore } from 'react';
import { ApiError } from '../lib/api-client';
import { Button } from './ui/button';
import { EmptyState } from './ui/empty-state';
import { RetryIcon } from './ui/icons';
import { OfflineDrawing } from './ui/illustrations';

const subscribe = (listener: () => void) => {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
};
/** Whether the device says it is online; a prerendered page assumes it is. */
export const useOnline = () =>
  useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );

/**
 * Boon could not be reached: this device is offline, or the server is down. Not the same as
 * "there is no such question": nothing is wrong with what was asked for. Tries again by
 * itself when the device comes back online.
 */
export const Unreachable = ({
  onRetry,
  retrying,
  error,
  level = 2,
}: {
  onRetry: () => void;
  retrying: boolean;
  /** What failed: a server error (5xx) is said as such, apart from no answer at all. */
  error?: unknown;
  /** 1 when it is all the page shows (a page whose code could not be fetched). */
  level?: 1 | 2;
}) => {
  const failedStatus = error instanceof ApiError && error.status >= 500 ? error.status : null;
  const online = useOnline();
  // Tries again when the device comes back online. (A listener of its own would be removed by
  // the very re-render the 'online' event causes, before it ran.)
  const wasOffline = useRef(!online);
  useEffect(() => {
    if (!online) {
      wasOffline.current = true;
    } else if (wasOffline.current) {
      wasOffline.current = false;
      onRetry();
    }
  }, [online, onRetry]);
  return (
    <EmptyState
      role="alert"
      level={level}
      drawing={<OfflineDrawing />}
      title={failedStatus ? 'Boon had a problem' : 'Can’t reach Boon'}
      action={
        <Button onClick={onRetry} disabled={retrying}>
          <RetryIcon aria-hidden="true" className={retrying ? 'animate-spin' : ''} />
          {retrying ? 'Trying again…' : 'Try again'}
        </Button>
      }
    >
      <p>
        {!online
          ? 'You seem to be offline. Check your connection; we will try again as soon as you are back.'
          : failedStatus
            ? `Something went wrong on Boon’s side (error ${failedStatus}). Nothing you did; please try again in a moment.`
            : 'Boon is not answering right now. Your connection looks fine; please try again in a moment.'}
      </p>
    </EmptyState>
  );
};
