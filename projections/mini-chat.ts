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

/** `_id` is `dilemmaId~archetypeId~personId`: a traveller's nickname in that chat. */
export type TravelerNameDoc = Doc & { personId: string; nickname: string };

export const travelerNameId = (dilemmaId: string, archetypeId: string, personId: string) =>
  `${dilemmaId}~${archetypeId}~${personId}`;

/** The Fellow Travelers chats: per dilemma and archetype, newest last, and who is called what. */
export const miniChatProjection = projection({
  name: 'mini-chat',
  version: 2,
  collections: {
    mini_chat_messages: collection<MiniChatMessageDoc>(
      { key: { dilemmaId: 1, archetypeId: 1, at: -1 } },
      { key: { authorId: 1 } },
    ),
    mini_traveler_names: collection<TravelerNameDoc>({ key: { personId: 1 } }),
  },
  on: {
    MiniTravelerNamed: async ({ data }, db) => {
      await db.mini_traveler_names.upsertOne({
        _id: travelerNameId(data.dilemmaId, data.archetypeId, data.personId),
        personId: data.personId,
        nickname: data.nickname,
      });
    },
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
      await db.mini_traveler_names.deleteMany({ personId: data.personId });
    },
  },
});
