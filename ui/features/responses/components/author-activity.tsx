import type { AuthorActivityDto } from '../../../../domain/contracts/responses';
import { StreakIcon } from '../../../components/ui/icons';

/** An author's streak and top badge, small beside their pseudonym (only if they show activity). */
export const AuthorActivity = ({ activity }: { activity: AuthorActivityDto | null }) => {
  if (!activity || (activity.streak === 0 && !activity.topBadge)) return null;
  return (
    <span className="inline-flex min-w-0 shrink items-center gap-2 text-caption text-ink-muted">
      {activity.streak > 0 && (
        <span className="inline-flex items-center gap-0.5 whitespace-nowrap">
          <StreakIcon aria-hidden="true" className="size-3.5" />
          {activity.streak}
          <span className="sr-only">-day streak</span>
        </span>
      )}
      {activity.topBadge && <span className="min-w-0 wrap-anywhere">{activity.topBadge.name}</span>}
    </span>
  );
};
