import type { ModerationStateDto, Visibility } from '../../domain/contracts/reports';
import type { ModerationReason } from '../../domain/contracts/reports';

type Moderated = {
  authorId: string;
  visibility: Visibility;
  moderationReason: ModerationReason | null;
};

/**
 * Who sees an answer, a reply or a chat message: everyone while it is visible; its author
 * while it stands held or hidden (never once removed). Others meet a 404, as for an id that
 * never was, so the state of someone else's item is never told.
 */
export const seenBy = (item: Moderated, viewerId: string | null): boolean =>
  item.visibility === 'visible' || (viewerId === item.authorId && item.visibility !== 'removed');

/** What its author is told on their own item that others no longer see; null otherwise. */
export const moderationOf = (
  item: Moderated,
  viewerId: string | null,
): ModerationStateDto | null =>
  viewerId === item.authorId && (item.visibility === 'held' || item.visibility === 'hidden')
    ? { visibility: item.visibility, reason: item.moderationReason ?? 'other' }
    : null;
