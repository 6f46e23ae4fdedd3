import { Link } from 'react-router-dom';
import { personalTopic } from '../../../../domain/contracts/topics';
import { buttonClass } from '../../../components/ui/button';
import { BellIcon } from '../../../components/ui/icons';
import { readLocal, REGISTERED_KEY } from '../../../lib/device-identity';
import { useBrowserValue } from '../../../lib/hydration';
import { useLiveTopics } from '../../../lib/live-client';
import { useNotificationSummary } from '../api/notification-summary';

/**
 * The header's bell: how many notifications are unread, kept live over the socket
 * (`me:notifications`, on every device of the person), leading to the inbox. A visitor with
 * no pseudonym yet has no inbox, and no bell.
 */
export const InboxBell = () => {
  // Read after adoption, so a prerendered header (made for nobody) stays as it was drawn.
  const registered = useBrowserValue(() => readLocal(REGISTERED_KEY) === 'true', false);
  useLiveTopics(registered ? [personalTopic.publicName('notifications')] : []);
  const summary = useNotificationSummary(registered);
  if (!registered) return null;
  const unread = summary.data?.unread ?? 0;
  return (
    <Link
      to="/notifications"
      aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
      className={buttonClass('ghost', 'icon', 'relative')}
      data-unread={unread}
    >
      <BellIcon aria-hidden="true" />
      {unread > 0 && (
        <span
          aria-hidden="true"
          className="absolute -top-0.5 -right-0.5 grid min-w-5 place-items-center rounded-full bg-accent px-1 text-caption leading-5 font-semibold text-on-accent"
        >
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </Link>
  );
};
