import type { Sealed } from '../accounts/events';
import type { EventOfType } from '../event-catalog';
import { commandHandler } from '../shared/command-handler';
import type { Decider } from '../shared/decider';
import { invalid, limitReached } from '../shared/errors';
import { productDayOf, type DayRules, type ProductDay } from '../shared/product-day';
import { normalizeText, textFault } from '../shared/text';

export { LIVE_CHAT_MAX_LENGTH } from '../contracts/mini-live-chat';

/** The chats' pace: 5 messages in any 10 seconds per person (each chat its own). */
export const CHAT_RATE = { max: 5, windowMs: 10_000 } as const;

/**
 * A chat message as it will be stored (normalised, trimmed), or a DomainError naming the
 * field: blank, unreadable or longer than `max` characters is refused. Checked before the
 * text is sealed, so the decider only ever sees sealed text.
 */
export const acceptChatText = (text: string, max: number): string => {
  const normalized = normalizeText(text).trim();
  const fault = textFault(normalized, { multiline: true });
  if (fault === 'nothing-visible') {
    throw invalid('content', 'Empty message', 'Please write a message before sending.');
  }
  if (fault)
    throw invalid('content', 'Invalid characters', 'Your message has unreadable characters.');
  if ([...normalized].length > max) {
    throw invalid('content', 'Message too long', `Messages are ${max} characters at most.`);
  }
  return normalized;
};

/** One person's messages on one product day: bounded, and enough to pace them. */
export const chatterStreamId = (personId: string, day: ProductDay) =>
  `mini-chatter-${personId}-${day}`;

export type PostResultChatMessage = {
  type: 'PostResultChatMessage';
  messageId: string;
  personId: string;
  dilemmaId: string;
  archetypeId: string;
  username: string | null;
  content: Sealed;
  at: Date;
};

export type PostLiveChatMessage = {
  type: 'PostLiveChatMessage';
  messageId: string;
  personId: string;
  pseudonym: string;
  archetype: { id: string; name: string } | null;
  content: Sealed;
  at: Date;
};

export type ChatCommand = PostResultChatMessage | PostLiveChatMessage;

export type ChatEvent = EventOfType<'MiniChatMessagePosted'> | EventOfType<'MiniLiveMessagePosted'>;

/** When the person's latest messages were sent, per chat (the newest few suffice). */
export type ChatterState = { result: readonly number[]; live: readonly number[] };

const kindOf = (type: ChatEvent['type'] | ChatCommand['type']) =>
  type === 'MiniLiveMessagePosted' || type === 'PostLiveChatMessage' ? 'live' : 'result';

export const chatterDecider = (rules: DayRules): Decider<ChatCommand, ChatEvent, ChatterState> => ({
  initialState: () => ({ result: [], live: [] }),
  evolve: (state, event) => {
    const kind = kindOf(event.type);
    const sent = [...state[kind], Date.parse(event.data.at)].slice(-CHAT_RATE.max);
    return { ...state, [kind]: sent };
  },
  decide: (command, state) => {
    const now = command.at.getTime();
    const recent = state[kindOf(command.type)].filter((t) => t > now - CHAT_RATE.windowMs);
    if (recent.length >= CHAT_RATE.max) {
      const wait = Math.ceil((recent[0]! + CHAT_RATE.windowMs - now) / 1000);
      throw limitReached(
        'Slow down',
        `You can send ${CHAT_RATE.max} messages every ${CHAT_RATE.windowMs / 1000} seconds. Try again in ${wait} s.`,
      );
    }
    const day = productDayOf(command.at, rules);
    const at = command.at.toISOString();
    const { messageId, personId: authorId, content } = command;
    if (command.type === 'PostLiveChatMessage') {
      const { pseudonym, archetype } = command;
      return [
        {
          type: 'MiniLiveMessagePosted',
          data: { messageId, authorId, pseudonym, archetype, content, day, at },
        },
      ];
    }
    const { dilemmaId, archetypeId, username } = command;
    return [
      {
        type: 'MiniChatMessagePosted',
        data: { messageId, dilemmaId, archetypeId, authorId, username, content, day, at },
      },
    ];
  },
});

/** Bound to the stream its commands address: the author's stream of the day. */
export const chatters = (rules: DayRules) =>
  commandHandler(chatterDecider(rules), (c) =>
    chatterStreamId(c.personId, productDayOf(c.at, rules)),
  );
