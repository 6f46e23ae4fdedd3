import type { Sealed } from '../domain/accounts/events';
import { LIVE_CHAT_HISTORY } from '../domain/contracts/mini-live-chat';
import type { ModerationReason, Visibility } from '../domain/contracts/reports';
import type { Doc } from '../infra/read-store/read-store';
import { collection, projection } from './engine/define';

type Badge = { id: string; name: string } | null;

/** `_id` is the message id: one of the live chat's newest messages, its text still sealed. */
export type LiveChatMessageDoc = Doc & {
  /** The event's log position: the order of the chat on every process. */
  seq: number;
  authorId: string;
  pseudonym: string;
  archetype: Badge;
  content: Sealed;
  at: string;
  /** Who sees it: everyone while `visible`; its author while it is held or hidden. */
  visibility: Visibility;
  moderationReason: ModerationReason | null;
};

/**
 * What the projection tells the chat hubs of every process through the store (notices only;
 * no browser subscribes): new messages, and a person who erased their data (their sockets go).
 */
export const liveChatNotices = {
  messages: 'mini-live:messages',
  erasedPrefix: 'mini-live:erased:',
  erased: (personId: string) => `mini-live:erased:${personId}`,
  /** A message's visibility changed (held, hidden, removed, restored). */
  moderatedPrefix: 'mini-live:moderated:',
  moderated: (messageId: string) => `mini-live:moderated:${messageId}`,
} as const;

/**
 * The live chat (/mini-chat): its last messages. Who is connected is presence, not history: it
 * lives in the read store with an expiry (`api/live/chat-presence.ts`), never in the log.
 * `MiniLiveChatJoined`, `MiniLiveChatLeft` and `MiniLiveChatProcessAlive`, which older versions
 * wrote, are still read from the log and ignored here.
 */
export const miniLiveChatProjection = projection({
  name: 'mini-live-chat',
  // 3: what others see (`visibility`), reported messages hidden by a moderator or held.
  version: 3,
  collections: {
    live_chat_messages: collection<LiveChatMessageDoc>(
      { key: { seq: -1 } },
      { key: { authorId: 1 } },
    ),
  },
  on: {
    MiniLiveMessagePosted: async ({ data, position }, db) => {
      const seq = Number(position);
      await db.live_chat_messages.upsertOne({
        _id: data.messageId,
        seq,
        authorId: data.authorId,
        pseudonym: data.pseudonym,
        archetype: data.archetype,
        content: data.content,
        at: data.at,
        visibility: 'visible',
        moderationReason: null,
      });
      // Only the newest are ever shown: the one just past them goes.
      const [oldest] = await db.live_chat_messages.find(
        {},
        { sort: { seq: -1 }, skip: LIVE_CHAT_HISTORY, limit: 1 },
      );
      if (oldest) await db.live_chat_messages.deleteMany({ seq: { $lte: oldest.seq } });
      db.notify(liveChatNotices.messages);
    },
    ItemVisibilityChanged: async ({ data }, db) => {
      if (data.target.kind !== 'chat') return;
      const visible = data.visibility === 'visible';
      const changed = await db.live_chat_messages.updateOne(
        { _id: data.target.id },
        { $set: { visibility: data.visibility, moderationReason: visible ? null : data.reason } },
      );
      if (changed > 0) db.notify(liveChatNotices.moderated(data.target.id));
    },
    PersonErased: async ({ data }, db) => {
      await db.live_chat_messages.deleteMany({ authorId: data.personId });
      db.notify(liveChatNotices.messages);
      db.notify(liveChatNotices.erased(data.personId));
    },
  },
});
