import { describe, expect, it } from 'vitest';
import type { AnyEvent, EventOfType } from '../../domain/event-catalog';
import { liveChatNotices, miniLiveChatProjection } from '../../projections/mini-live-chat';
import { projectionSpec } from '../support/projection-spec';

const at = new Date('2026-11-22T15:00:00Z').toISOString();

const message = (n: number): EventOfType<'MiniLiveMessagePosted'> => ({
  type: 'MiniLiveMessagePosted',
  data: {
    messageId: `m${n}`,
    authorId: n % 2 ? 'u1' : 'u2',
    pseudonym: 'Calm Owl',
    archetype: null,
    content: { keyId: 'u1', iv: 'iv', tag: 'tag', ciphertext: 'secret' },
    day: '2026-11-22',
    at,
  },
});

/** Presence as earlier versions wrote it to the log: still read, and ignored. */
const oldPresence: AnyEvent[] = [
  {
    type: 'MiniLiveChatProcessAlive',
    data: { processId: 'p1', until: '2026-11-22T15:01:00.000Z', at },
  },
  {
    type: 'MiniLiveChatJoined',
    data: {
      connectionId: 'c1',
      processId: 'p1',
      personId: 'u1',
      pseudonym: 'Calm Owl',
      archetype: null,
      at,
    },
  },
  {
    type: 'MiniLiveChatLeft',
    data: { connectionId: 'c1', processId: 'p1', personId: 'u1', at },
  },
];

describe('the live chat read model', () => {
  it('keeps the newest 50 messages and announces each', async () => {
    const { read, topics } = await projectionSpec(miniLiveChatProjection).given(
      Array.from({ length: 53 }, (_, n) => message(n)),
    );
    const kept = await read.live_chat_messages.find({}, { sort: { seq: 1 } });
    expect(kept.map((m) => m._id)).toEqual(Array.from({ length: 50 }, (_, n) => `m${n + 3}`));
    expect(topics.filter((t) => t === liveChatNotices.messages)).toHaveLength(53);
  });

  it('keeps no presence: the presence events older logs hold are read and ignored', async () => {
    for (const event of oldPresence)
      expect(miniLiveChatProjection.handles.has(event.type)).toBe(false);
    const { read, topics } = await projectionSpec(miniLiveChatProjection).given([
      ...oldPresence,
      message(1),
    ]);
    expect((await read.live_chat_messages.find({})).map((m) => m._id)).toEqual(['m1']);
    expect(topics).toEqual([liveChatNotices.messages]);
  });

  it('forgets an erased person’s messages, and tells the chat hubs to let them go', async () => {
    const { read, topics } = await projectionSpec(miniLiveChatProjection).given([
      message(1),
      message(2),
      { type: 'PersonErased', data: { personId: 'u1', at } },
    ]);
    expect((await read.live_chat_messages.find({})).map((m) => m._id)).toEqual(['m2']);
    expect(topics).toContain(liveChatNotices.erased('u1'));
  });
});
