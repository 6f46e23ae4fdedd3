import { useNavigate } from 'react-router-dom';
import { notificationText, type NotificationDto } from '../../../../domain/contracts/notifications';
import { cx } from '../../../components/ui/cx';
import { RelativeTime } from '../../../components/ui/relative-time';

/**
 * One notification: its sentence, a reply's first words, when. Opening it marks it read and
 * goes where it leads (a discussion, the profile's badges).
 */
export const NotificationItem = ({
  item,
  onOpen,
}: {
  item: NotificationDto;
  onOpen: (item: NotificationDto) => void;
}) => {
  const navigate = useNavigate();
  const text = notificationText(item);
  const handleOpen = () => {
    onOpen(item);
    if (item.link) navigate(item.link);
  };
  return (
    <article
      className={cx(
        'relative flex gap-3 rounded-lg border p-4 transition-colors',
        item.read ? 'border-line bg-surface' : 'border-accent bg-accent-soft',
      )}
      data-read={item.read}
    >
      <span
        aria-hidden="true"
        className={cx(
          'mt-2 size-2.5 shrink-0 rounded-full',
          item.read ? 'bg-transparent' : 'bg-accent',
        )}
      />
      <div className="min-w-0 flex-1">
        <h2 className="text-body font-semibold break-words">
          <button
            type="button"
            onClick={handleOpen}
            className="text-left after:absolute after:inset-0 after:rounded-lg focus-visible:outline-none focus-visible:after:ring-2 focus-visible:after:ring-accent"
          >
            {text}
            {!item.read && <span className="sr-only"> (unread)</span>}
          </button>
        </h2>
        {item.excerpt && (
          <p className="mt-1 line-clamp-2 text-small break-words text-ink-muted">{item.excerpt}</p>
        )}
        <div className="relative mt-1">
          <RelativeTime iso={item.at} />
        </div>
      </div>
    </article>
  );
};
