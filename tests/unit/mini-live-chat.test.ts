import { describe, expect, it } from 'vitest';
import type { EventOfType } from '../../domain/event-catalog';
import {
  liveChatConnectionDecider,
  type JoinLiveChat,
  type LeaveLiveChat,
} from '../../domain/mini/live-chat';
import { liveChatNotices, miniLiveChatProjection } from '../../projections/mini-live-chat';
import { specFor } from '../support/given-when-then';
import { projectionSpec } from '../support/projection-spec';

const given = specFor(liveChatConnectionDecider);
const at = new Date('2026-11-22T15:00:00Z');
const join: JoinLiveChat = {
  type: 'JoinLiveChat',
  connectionId: 'c1',
  processId: 'p1',
  personId: 'u1',
  pseudonym: 'Calm Owl',
  archetype: null,
  at,
};
const leave: LeaveLiveChat = { type: 'LeaveLiveChat', connectionId: 'c1', at };
const joined: EventOfType<'MiniLiveChatJoined'> = {
  type: 'MiniLiveChatJoined',
  data: {
    connectionId: 'c1',
    processId: 'p1',
    personId: 'u1',
    pseudonym: 'Calm Owl',
    archetype: null,
    at: at.toISOString(),
  },
};
const left: EventOfType<'MiniLiveChatLeft'> = {
  type: 'MiniLiveChatLeft',
  data: { connectionId: 'c1', processId: 'p1', personId: 'u1', at: at.toISOString() },
};

describe('a live chat socket’s presence', () => {
  it('joins once', () => {
    given([]).when(join).then([joined]);
    given([joined]).when(join).thenNothing();
  });

  it('leaves once, and only after joining', () => {
    given([joined]).when(leave).then([left]);
    given([joined, left]).when(leave).thenNothing();
    given([]).when(leave).thenNothing();
  });
});

const message = (n: number): EventOfType<'MiniLiveMessagePosted'> => ({
  type: 'MiniLiveMessagePosted',
  data: {
    messageId: `m${n}`,
    authorId: n % 2 ? 'u1' : 'u2',
    pseudonym: 'Calm Owl',
    archetype: null,
    content: { keyId: 'u1', iv: 'iv', tag: 'tag', ciphertext: 'secret' },
    day: '2026-11-22',
    at: at.toISOString(),
  },
});

describe('the live chat read model', () => {
  it('keeps the newest 50 messages and announces each', async () => {
    const { read, topics } = await projectionSpec(miniLiveChatProjection).given(
      Array.from({ length: 53 }, (_, n) => message(n)),
    );
    const kept = await read.live_chat_messages.find({}, { sort: { seq: 1 } });
    expect(kept.map((m) => m._id)).toEqual(Array.from({ length: 50 }, (_, n) => `m${n + 3}`));
    expect(topics.filter((t) => t === liveChatNotices.messages)).toHaveLength(53);
  });

  it('forgets an erased person’s messages and presence', async () => {
    const { read } = await projectionSpec(miniLiveChatProjection).given([
      message(1),
      message(2),
      joined,
      { type: 'PersonErased', data: { personId: 'u1', at: at.toISOString() } },
    ]);
    expect((await read.live_chat_messages.find({})).map((m) => m._id)).toEqual(['m2']);
    expect(await read.live_chat_presence.find({})).toEqual([]);
  });
});
