import type { Sealed } from '../domain/accounts/events';
import { LIVE_CHAT_HISTORY } from '../domain/contracts/mini-live-chat';
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
};

/** `_id` is the connection id: a socket in the chat, on the process that holds it. */
export type LiveChatPresenceDoc = Doc & {
  processId: string;
  personId: string;
  pseudonym: string;
  archetype: Badge;
  joinedAt: string;
};

/** `_id` is the process id: its sockets count while `until` is ahead. */
export type LiveChatProcessDoc = Doc & { until: string };

/**
 * What API processes tell each other through the store (notices only; no browser subscribes):
 * new messages, and a change of who is online.
 */
export const liveChatNotices = {
  messages: 'mini-live:messages',
  presence: 'mini-live:presence',
} as const;

/** The live chat (/mini-chat): its last messages, who is connected where, and which processes live. */
export const miniLiveChatProjection = projection({
  name: 'mini-live-chat',
  version: 1,
  collections: {
    live_chat_messages: collection<LiveChatMessageDoc>(
      { key: { seq: -1 } },
      { key: { authorId: 1 } },
    ),
    live_chat_presence: collection<LiveChatPresenceDoc>({ key: { personId: 1 } }),
    live_chat_processes: collection<LiveChatProcessDoc>(),
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
      });
      // Only the newest are ever shown: the one just past them goes.
      const [oldest] = await db.live_chat_messages.find(
        {},
        { sort: { seq: -1 }, skip: LIVE_CHAT_HISTORY, limit: 1 },
      );
      if (oldest) await db.live_chat_messages.deleteMany({ seq: { $lte: oldest.seq } });
      db.notify(liveChatNotices.messages);
    },
    MiniLiveChatJoined: async ({ data }, db) => {
      await db.live_chat_presence.upsertOne({
        _id: data.connectionId,
        processId: data.processId,
        personId: data.personId,
        pseudonym: data.pseudonym,
        archetype: data.archetype,
        joinedAt: data.at,
      });
      db.notify(liveChatNotices.presence);
    },
    MiniLiveChatLeft: async ({ data }, db) => {
      await db.live_chat_presence.deleteOne({ _id: data.connectionId });
      db.notify(liveChatNotices.presence);
    },
    MiniLiveChatProcessAlive: async ({ data }, db) => {
      const before = await db.live_chat_processes.findOne({ _id: data.processId });
      await db.live_chat_processes.upsertOne({ _id: data.processId, until: data.until });
      // A renewal changes who is online only for a process that had lapsed.
      if (!before || before.until < data.at) db.notify(liveChatNotices.presence);
    },
    PersonErased: async ({ data }, db) => {
      await db.live_chat_messages.deleteMany({ authorId: data.personId });
      await db.live_chat_presence.deleteMany({ personId: data.personId });
      db.notify(liveChatNotices.messages);
      db.notify(liveChatNotices.presence);
    },
  },
});
