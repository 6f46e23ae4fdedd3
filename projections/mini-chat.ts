import type { Sealed } from '../domain/accounts/events';
import { sharedTopics } from '../domain/contracts/topics';
import type { Doc } from '../infra/read-store/read-store';
import { collection, projection } from './engine/define';

/** `_id` is the message id: one message of a dilemma's archetype chat, its text still sealed. */
export type MiniChatMessageDoc = Doc & {
  dilemmaId: string;
  archetypeId: string;
  authorId: string;
  username: string | null;
  content: Sealed;
  at: string;
};

/** The Fellow Travelers chats: per dilemma and archetype, newest last. */
export const miniChatProjection = projection({
  name: 'mini-chat',
  version: 1,
  collections: {
    mini_chat_messages: collection<MiniChatMessageDoc>(
      { key: { dilemmaId: 1, archetypeId: 1, at: -1 } },
      { key: { authorId: 1 } },
    ),
  },
  on: {
    MiniChatMessagePosted: async ({ data }, db) => {
      await db.mini_chat_messages.upsertOne({
        _id: data.messageId,
        dilemmaId: data.dilemmaId,
        archetypeId: data.archetypeId,
        authorId: data.authorId,
        username: data.username,
        content: data.content,
        at: data.at,
      });
      db.notify(sharedTopics.miniTravelers.name(data));
    },
    PersonErased: async ({ data }, db) => {
      await db.mini_chat_messages.deleteMany({ authorId: data.personId });
    },
  },
});
