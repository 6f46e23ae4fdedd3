import { ApiError } from '../lib/api-client';
import { Button } from './ui/button';
import { Callout } from './ui/callout';
import { RetryIcon } from './ui/icons';
import { useOnline } from './unreachable';

type FailedQuery = { error: unknown; isFetching: boolean; refetch: () => unknown };

/**
 * A part of a page whose data did not arrive: said in place of its skeleton, with a retry,
 * so nothing spins on for ever. (A whole page that failed shows `Unreachable`.)
 */
export const LoadFailed = ({ what, query }: { what: string; query: FailedQuery }) => {
  const online = useOnline();
  const status = query.error instanceof ApiError ? query.error.status : null;
  const reason = !online
    ? 'You seem to be offline; it will load when you are back.'
    : status === null
      ? 'Boon could not be reached.'
      : status >= 500
        ? `Boon had a problem (error ${status}).`
        : 'Boon did not give it to us.';
  return (
    <Callout tone="caution" role="alert" title={`${what} could not be loaded`}>
      <p>{reason}</p>
      <Button
        variant="secondary"
        size="sm"
        className="mt-2"
        disabled={query.isFetching}
        onClick={() => void query.refetch()}
      >
        <RetryIcon aria-hidden="true" className={query.isFetching ? 'animate-spin' : ''} />
        {query.isFetching ? 'Trying again…' : 'Try again'}
      </Button>
    </Callout>
  );
};
