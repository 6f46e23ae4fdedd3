import { useEffect, useRef, useSyncExternalStore } from 'react';
import { ApiError } from '../lib/api-client';
import { keptThroughFailure } from '../lib/read-failure';
import { Button } from './ui/button';
import { Callout } from './ui/callout';
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

/** What failed, in words: this device offline, Boon's server failing, or no answer at all. */
const failedStatusOf = (error: unknown) =>
  error instanceof ApiError && error.status >= 500 ? error.status : null;

const unreachableText = (online: boolean, failedStatus: number | null) =>
  !online
    ? 'You seem to be offline. Check your connection; we will try again as soon as you are back.'
    : failedStatus
      ? `Something went wrong on Boon’s side (error ${failedStatus}). Nothing you did; please try again in a moment.`
      : 'Boon is not answering right now. Your connection looks fine; please try again in a moment.';

/**
 * Tries again when the device comes back online. (A listener of its own would be removed by
 * the very re-render the 'online' event causes, before it ran.)
 */
export const useRetryOnReconnect = (online: boolean, onRetry: () => void) => {
  const wasOffline = useRef(!online);
  useEffect(() => {
    if (!online) {
      wasOffline.current = true;
    } else if (wasOffline.current) {
      wasOffline.current = false;
      onRetry();
    }
  }, [online, onRetry]);
};

/**
 * What both ways of saying "Boon could not be reached" show: the title and the sentence for
 * what failed, and a retry of their own once the device is back online.
 */
const useUnreachable = ({ error, onRetry }: UnreachableProps) => {
  const failedStatus = failedStatusOf(error);
  const online = useOnline();
  useRetryOnReconnect(online, onRetry);
  return {
    title: failedStatus ? 'Boon had a problem' : 'Can’t reach Boon',
    text: unreachableText(online, failedStatus),
  };
};

type UnreachableProps = {
  onRetry: () => void;
  retrying: boolean;
  /** What failed: a server error (5xx) is said as such, apart from no answer at all. */
  error?: unknown;
};

const RetryButton = ({ onRetry, retrying }: UnreachableProps) => (
  <Button onClick={onRetry} disabled={retrying}>
    <RetryIcon aria-hidden="true" className={retrying ? 'animate-spin' : ''} />
    {retrying ? 'Trying again…' : 'Try again'}
  </Button>
);

/**
 * Boon could not be reached: this device is offline, or the server is down. Not the same as
 * "there is no such question": nothing is wrong with what was asked for. Tries again by
 * itself when the device comes back online.
 */
export const Unreachable = ({
  level = 2,
  ...props
}: UnreachableProps & {
  /** 1 when it is all the page shows (a page whose code could not be fetched). */
  level?: 1 | 2;
}) => {
  const { title, text } = useUnreachable(props);
  return (
    <EmptyState
      role="alert"
      level={level}
      drawing={<OfflineDrawing />}
      title={title}
      action={<RetryButton {...props} />}
    >
      <p>{text}</p>
    </EmptyState>
  );
};

/**
 * Boon stopped answering while the page still shows what it had (say, the question that came
 * with the page itself): what is there stays readable, and this note above it says that it
 * may not be current, with the same retry.
 */
export const UnreachableNotice = (props: UnreachableProps) => {
  const { title, text } = useUnreachable(props);
  return (
    <Callout role="alert" tone="caution" className="mb-4" title={title}>
      <p>{text} What is shown here may not be current.</p>
      <div className="mt-2">
        <RetryButton {...props} />
      </div>
    </Callout>
  );
};

type KeptRead = { data: unknown; error: Error | null; isFetching: boolean; refetch: () => unknown };

/**
 * Above what a read still shows after Boon could not be reached to read it again (offline):
 * `UnreachableNotice`, or nothing while the read is current.
 */
export const KeptReadNotice = ({ read }: { read: KeptRead }) =>
  keptThroughFailure(read) ? (
    <UnreachableNotice
      onRetry={() => void read.refetch()}
      retrying={read.isFetching}
      error={read.error}
    />
  ) : null;
