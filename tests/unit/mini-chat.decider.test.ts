import { describe, expect, it } from 'vitest';
import {
  acceptChatText,
  chatterDecider,
  chatterStreamId,
  chatters,
  type ChatEvent,
  type PostLiveChatMessage,
} from '../../domain/mini/chat';
import { specFor } from '../support/given-when-then';

const rules = { timeZone: 'America/New_York', startHour: 3 };
const given = specFor(chatterDecider(rules));
const sealed = { keyId: 'u1', iv: 'iv', tag: 'tag', ciphertext: 'secret' };
const t0 = Date.parse('2026-11-22T15:00:00Z');
const live = (secondsLater: number): PostLiveChatMessage => ({
  type: 'PostLiveChatMessage',
  messageId: `m${secondsLater}`,
  personId: 'u1',
  pseudonym: 'Calm Owl',
  archetype: { id: 'guardian', name: 'The Guardian' },
  content: sealed,
  at: new Date(t0 + secondsLater * 1000),
});
const posted = (secondsLater: number): ChatEvent => ({
  type: 'MiniLiveMessagePosted',
  data: {
    messageId: `m${secondsLater}`,
    authorId: 'u1',
    pseudonym: 'Calm Owl',
    archetype: { id: 'guardian', name: 'The Guardian' },
    content: sealed,
    day: '2026-11-22',
    at: new Date(t0 + secondsLater * 1000).toISOString(),
  },
});
const five = [0, 1, 2, 3, 4].map(posted);

describe('chat pacing: 5 messages in any 10 seconds', () => {
  it('accepts the fifth message and refuses the sixth within 10 s', () => {
    given(five.slice(0, 4))
      .when(live(4))
      .then([posted(4)]);
    given(five)
      .when(live(9))
      .thenFails('limit', /5 messages every 10 seconds/);
  });

  it('accepts again once the oldest of the five is 10 s old', () => {
    given(five)
      .when(live(10))
      .then([posted(10)]);
  });

  it('paces the live chat and the result chat apart', () => {
    given(five)
      .when({
        type: 'PostResultChatMessage',
        messageId: 'r1',
        personId: 'u1',
        dilemmaId: 'bank-01',
        archetypeId: 'guardian',
        username: 'Kind Seeker 4',
        content: sealed,
        at: new Date(t0 + 5000),
      })
      .then([
        {
          type: 'MiniChatMessagePosted',
          data: {
            messageId: 'r1',
            dilemmaId: 'bank-01',
            archetypeId: 'guardian',
            authorId: 'u1',
            username: 'Kind Seeker 4',
            content: sealed,
            day: '2026-11-22',
            at: new Date(t0 + 5000).toISOString(),
          },
        },
      ]);
  });

  it('keeps each person’s messages of a product day in one stream', () => {
    expect(chatters(rules).streamOf(live(0))).toBe(chatterStreamId('u1', '2026-11-22'));
  });
});

describe('chat text', () => {
  it('is trimmed, and refused when blank, unreadable or too long', () => {
    expect(acceptChatText('  hello \r\n there ', 200)).toBe('hello \n there');
    expect(() => acceptChatText(' \u200b ', 200)).toThrow(/write a message/);
    expect(() => acceptChatText('a\u0007b', 200)).toThrow(/unreadable/);
    expect(() => acceptChatText('x'.repeat(201), 200)).toThrow(/200 characters/);
    expect(acceptChatText('😀'.repeat(200), 200)).toHaveLength(400);
  });
});
