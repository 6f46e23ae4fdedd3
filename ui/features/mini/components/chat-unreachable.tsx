import { Button } from '../../../components/ui/button';
import { Callout } from '../../../components/ui/callout';
import { RetryIcon } from '../../../components/ui/icons';
import { CHAT_POLL_MS, CHAT_POLL_TIMEOUT_MS } from '../api/chat-messages';

/**
 * The Fellow Travelers chat's error state: its last request failed or had no answer in time.
 * Messages already shown stay; the poll keeps trying, and the person may try at once.
 */
export const ChatUnreachable = ({
  retrying,
  onRetry,
  className,
}: {
  retrying: boolean;
  onRetry: () => void;
  className?: string;
}) => (
  <Callout tone="caution" role="alert" title="The chat is not answering" className={className}>
    <p>
      The last check for new messages failed or took longer than {CHAT_POLL_TIMEOUT_MS / 1000}{' '}
      seconds. Boon checks again every {CHAT_POLL_MS / 1000} seconds; what is shown here may be out
      of date.
    </p>
    <Button variant="secondary" size="sm" className="mt-2" onClick={onRetry} disabled={retrying}>
      <RetryIcon aria-hidden="true" />
      {retrying ? 'Trying…' : 'Try again'}
    </Button>
  </Callout>
);
