import { KeptReadNotice, Unreachable } from '../../components/unreachable';
import { Button, ButtonLink } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { MarkReadIcon, SettingsIcon } from '../../components/ui/icons';
import { ConversationDrawing } from '../../components/ui/illustrations';
import { LoadMore } from '../../components/ui/load-more';
import { PageHeader } from '../../components/ui/page-header';
import { SkeletonList } from '../../components/ui/skeleton';
import { failureInPlace } from '../../lib/read-failure';
import { isUnreachable } from '../../lib/registration';
import { useMarkRead } from './api/mark-read';
import { useNotificationSummary } from './api/notification-summary';
import { useNotifications } from './api/notifications';
import { NotificationItem } from './components/notification-item';

/** The inbox: what happened around the person's answers, newest first, read or not. */
const InboxPage = () => {
  const notifications = useNotifications();
  const summary = useNotificationSummary(true);
  const markRead = useMarkRead();
  const unread = summary.data?.unread ?? 0;

  const header = (
    <>
      <PageHeader
        title="Notifications"
        description="Replies, mentions, echoes, badges and your submitted questions."
        className="mb-3"
      />
      <div className="mb-5 flex flex-wrap justify-end gap-2">
        <ButtonLink to="/settings#notifications" variant="ghost" size="sm">
          <SettingsIcon aria-hidden="true" />
          Settings
        </ButtonLink>
        <Button
          variant="secondary"
          size="sm"
          disabled={unread === 0 || markRead.isPending}
          onClick={() => markRead.mutate(null)}
        >
          <MarkReadIcon aria-hidden="true" />
          Mark all read
        </Button>
      </div>
    </>
  );
  const failure = failureInPlace(notifications);
  if (failure) {
    return isUnreachable(failure) ? (
      <Unreachable
        onRetry={() => void notifications.refetch()}
        retrying={notifications.isFetching}
      />
    ) : (
      <>
        {header}
        <p role="alert">Your notifications could not be loaded. Please try again.</p>
      </>
    );
  }
  return (
    <section className="mx-auto max-w-2xl">
      <KeptReadNotice read={notifications} />
      {header}
      <p className="sr-only" role="status">
        {unread === 0 ? 'Nothing unread.' : `${unread} unread.`}
      </p>
      {notifications.isPending ? (
        <SkeletonList count={4} label="Loading your notifications…" />
      ) : notifications.list.length === 0 ? (
        <EmptyState drawing={<ConversationDrawing />} title="Nothing here yet">
          <p>
            When someone replies to you, mentions you or echoes your answer, you will see it here.
          </p>
        </EmptyState>
      ) : (
        <>
          <ol className="grid gap-3" aria-label="Your notifications">
            {notifications.list.map((item) => (
              <li key={item.id}>
                <NotificationItem
                  item={item}
                  onOpen={(opened) => {
                    if (!opened.read) markRead.mutate([opened.id]);
                  }}
                />
              </li>
            ))}
          </ol>
          <LoadMore paged={notifications} label="Show older notifications" />
        </>
      )}
    </section>
  );
};

export default InboxPage;
