import { Component, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { Callout } from '../../../components/ui/callout';
import { RetryIcon } from '../../../components/ui/icons';
import { useOnline, useRetryOnReconnect } from '../../../components/unreachable';
import { forgetFailedLoads } from '../../../lib/lazy-component';

/**
 * A thread whose code could not arrive (offline, before the app was kept for offline): said in
 * the thread's place, with a retry, and tried again by itself once the device is back. The
 * discussion around it stays as it is; only the route's own failure is "Can't reach Boon".
 */
const ThreadUnavailable = ({ onRetry }: { onRetry: () => void }) => {
  const online = useOnline();
  useRetryOnReconnect(online, onRetry);
  return (
    <Callout tone="caution" role="alert" title="This thread can’t be opened right now">
      <p>
        {online
          ? 'Boon could not be reached.'
          : 'You seem to be offline; the replies will open when you are back.'}
      </p>
      <Button variant="secondary" size="sm" className="mt-2" onClick={onRetry}>
        <RetryIcon aria-hidden="true" />
        Try again
      </Button>
    </Callout>
  );
};

type State = { failed: boolean };

export class ThreadBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  private readonly retry = () => {
    forgetFailedLoads();
    this.setState({ failed: false });
  };

  override render() {
    return this.state.failed ? <ThreadUnavailable onRetry={this.retry} /> : this.props.children;
  }
}
