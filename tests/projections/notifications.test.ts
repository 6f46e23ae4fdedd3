import { describe, expect, it } from 'vitest';
import { INBOX_KEEP } from '../../domain/contracts/notifications';
import type { AnyEvent } from '../../domain/event-catalog';
import { notificationsProjection } from '../../projections/notifications';
import { projectionSpec } from '../support/projection-spec';

const at = '2026-11-22T15:00:00.000Z';
const answer = (authorId: string, responseId: string, pseudonym: string): AnyEvent => ({
  type: 'ResponseSubmitted',
  data: {
    responseId,
    questionId: 7,
    authorId,
    pseudonym,
    content: 'An answer.',
    spectrumPosition: null,
    day: '2026-11-22',
    at,
  },
});
const reply = (
  authorId: string,
  pseudonym: string,
  replyId: string,
  content = 'I see it otherwise.',
  responseId = 'r-ann',
): AnyEvent => ({
  type: 'ReplyPosted',
  data: { replyId, responseId, questionId: 7, authorId, pseudonym, content, at },
});
const echo = (actorId: string, responseId = 'r-ann'): AnyEvent => ({
  type: 'EchoGiven',
  data: { responseId, questionId: 7, actorId, day: '2026-11-22', at },
});
const unecho = (actorId: string, responseId = 'r-ann'): AnyEvent => ({
  type: 'EchoWithdrawn',
  data: { responseId, questionId: 7, actorId, at },
});
const registered = (userId: string, pseudonym: string): AnyEvent => ({
  type: 'DeviceRegistered',
  data: {
    deviceHash: userId.padEnd(64, '0'),
    userId,
    pseudonym,
    privacyConsent: true,
    termsConsent: true,
    at,
  },
});
const erased = (personId: string): AnyEvent => ({ type: 'PersonErased', data: { personId, at } });
const read = (personId: string, ids: string[] | null): AnyEvent => ({
  type: 'NotificationsRead',
  data: { personId, ids, at },
});

const spec = projectionSpec(notificationsProjection);
const inbox = async (read: Awaited<ReturnType<typeof spec.given>>['read'], personId: string) =>
  read.notification_items.find({ personId }, { sort: { order: -1 } });

describe('the inbox', () => {
  it('tells the answer’s author, others in the discussion and the people a reply mentions, each once, never the replier', async () => {
    const { read, topics } = await spec.given([
      registered('dan', 'Quiet Heron'),
      answer('ann', 'r-ann', 'Calm Owl'),
      reply('cat', 'Bold Fox', 'x1'),
      reply('bob', 'Kind Wren', 'x2', '@Calm Owl and @Quiet Heron, what about @Kind Wren?'),
    ]);
    const ann = await inbox(read, 'ann');
    expect(ann.map((n) => [n.kind, n.thread, n.actor, n.replyId])).toEqual([
      ['reply', 'answer', 'Kind Wren', 'x2'],
      ['reply', 'answer', 'Bold Fox', 'x1'],
    ]);
    expect((await inbox(read, 'cat')).map((n) => [n.kind, n.thread, n.actor])).toEqual([
      ['reply', 'discussion', 'Kind Wren'],
    ]);
    expect((await inbox(read, 'dan')).map((n) => [n.kind, n.actor])).toEqual([
      ['mention', 'Kind Wren'],
    ]);
    expect(await inbox(read, 'bob')).toEqual([]);
    expect(ann.every((n) => !n.read)).toBe(true);
    expect(topics).toEqual(
      expect.arrayContaining([
        'person:ann:notifications',
        'person:cat:notifications',
        'person:dan:notifications',
      ]),
    );
    // An id names the notification alone: nobody's id can be read from it.
    for (const n of [...ann, ...(await inbox(read, 'dan'))]) {
      expect(n._id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    }
  });

  it('groups echoes of one answer in one line that comes back unread with each new echo', async () => {
    const first = await spec.given([
      answer('ann', 'r-ann', 'Calm Owl'),
      echo('bob'),
      echo('cat'),
      echo('ann'),
      echo('dan'),
    ]);
    const [group] = await inbox(first.read, 'ann');
    expect(await inbox(first.read, 'ann')).toHaveLength(1);
    expect(group).toMatchObject({ kind: 'echo', count: 3, actor: null, read: 0 });

    const later = await spec.given([
      answer('ann', 'r-ann', 'Calm Owl'),
      echo('bob'),
      echo('cat'),
      read('ann', null),
      unecho('cat'),
      echo('dan'),
    ]);
    expect(await inbox(later.read, 'ann')).toEqual([
      expect.objectContaining({ kind: 'echo', count: 2, read: 0 }),
    ]);
    const gone = await spec.given([answer('ann', 'r-ann', 'Calm Owl'), echo('bob'), unecho('bob')]);
    expect(await inbox(gone.read, 'ann')).toEqual([]);
  });

  it('tells of badges earned and of a submission approved, then used', async () => {
    const { read } = await spec.given([
      {
        type: 'BadgeEarned',
        data: { personId: 'ann', badgeId: 'first-voice', causationId: 'e1', at },
      },
      {
        type: 'SubmissionReviewed',
        data: {
          submissionId: 's1',
          authorId: 'ann',
          before: { status: 'pending' },
          after: { status: 'approved' },
          by: 'admin',
          at,
        },
      },
      {
        type: 'ContributionUsed',
        data: { contributionId: 's1', kind: 'submission', authorId: 'ann', questionId: 9, at },
      },
    ]);
    expect((await inbox(read, 'ann')).map((n) => [n.kind, n.badgeId, n.submission])).toEqual([
      ['submission', null, 'used-question'],
      ['submission', null, 'approved'],
      ['badge', 'first-voice', null],
    ]);
  });

  it('keeps muted kinds out from when they were muted', async () => {
    const { read } = await spec.given([
      answer('ann', 'r-ann', 'Calm Owl'),
      echo('bob'),
      {
        type: 'NotificationSettingsChanged',
        data: { personId: 'ann', muted: ['echo', 'reply'], lockScreen: 'private', at },
      },
      echo('cat'),
      reply('cat', 'Bold Fox', 'x1'),
    ]);
    expect((await inbox(read, 'ann')).map((n) => [n.kind, n.count])).toEqual([['echo', 1]]);
  });

  it('marks read only the person’s own notifications, or all of them', async () => {
    const history = [
      answer('ann', 'r-ann', 'Calm Owl'),
      answer('bob', 'r-bob', 'Kind Wren'),
      reply('cat', 'Bold Fox', 'x1'),
      reply('cat', 'Bold Fox', 'x2', 'Hm.', 'r-bob'),
    ];
    const before = await spec.given(history);
    const [ofBob] = await inbox(before.read, 'bob');
    const [ofAnn] = await inbox(before.read, 'ann');
    const some = await spec.given([...history, read('ann', [ofAnn!._id, ofBob!._id])]);
    expect((await inbox(some.read, 'ann'))[0]!.read).toBe(1);
    expect((await inbox(some.read, 'bob'))[0]!.read).toBe(0);
    const all = await spec.given([...history, read('bob', null)]);
    expect((await inbox(all.read, 'bob')).every((n) => n.read)).toBe(true);
  });

  it('takes a notification away with the reply or answer it was about', async () => {
    const { read } = await spec.given([
      answer('ann', 'r-ann', 'Calm Owl'),
      answer('bob', 'r-bob', 'Kind Wren'),
      reply('cat', 'Bold Fox', 'x1'),
      reply('cat', 'Bold Fox', 'x2', 'Hm.', 'r-bob'),
      echo('cat', 'r-bob'),
      {
        type: 'ReplyDeleted',
        data: { replyId: 'x1', responseId: 'r-ann', questionId: 7, authorId: 'cat', at },
      },
      {
        type: 'ResponseDeleted',
        data: { responseId: 'r-bob', questionId: 7, authorId: 'bob', day: '2026-11-22', at },
      },
    ]);
    expect(await read.notification_items.count({})).toBe(0);
  });

  it('forgets an erased person: their inbox, their name, and what they caused in others’', async () => {
    const { read } = await spec.given([
      registered('dan', 'Quiet Heron'),
      answer('ann', 'r-ann', 'Calm Owl'),
      answer('bob', 'r-bob', 'Kind Wren'),
      reply('bob', 'Kind Wren', 'x1'),
      reply('ann', 'Calm Owl', 'x2', 'Thanks, @Quiet Heron.', 'r-bob'),
      echo('dan', 'r-bob'),
      erased('bob'),
      erased('dan'),
      reply('cat', 'Bold Fox', 'x3', 'Hello @Quiet Heron'),
    ]);
    expect(await inbox(read, 'bob')).toEqual([]);
    expect(await inbox(read, 'dan')).toEqual([]);
    // Ann keeps Cat's reply; Bob's reply to her is gone with him.
    expect((await inbox(read, 'ann')).map((n) => n.actor)).toEqual(['Bold Fox']);
    expect(JSON.stringify(await read.notification_items.find({}))).not.toMatch(/bob|dan|Kind Wren/);
  });

  it(`keeps the newest ${INBOX_KEEP} of a person’s notifications`, async () => {
    const replies = Array.from({ length: INBOX_KEEP + 5 }, (_, i) =>
      reply('bob', 'Kind Wren', `x${i}`),
    );
    const { read } = await spec.given([answer('ann', 'r-ann', 'Calm Owl'), ...replies]);
    const kept = await inbox(read, 'ann');
    expect(kept).toHaveLength(INBOX_KEEP);
    expect(kept[0]!.replyId).toBe(`x${INBOX_KEEP + 4}`);
    expect(kept.at(-1)!.replyId).toBe('x5');
  });

  it('counts what was taken away before it lets the oldest go', async () => {
    const posted = (from: number, count: number) =>
      Array.from({ length: count }, (_, i) => reply('bob', 'Kind Wren', `x${from + i}`));
    const deleted = (from: number, count: number): AnyEvent[] =>
      Array.from({ length: count }, (_, i) => ({
        type: 'ReplyDeleted',
        data: { replyId: `x${from + i}`, responseId: 'r-ann', questionId: 7, authorId: 'bob', at },
      }));
    const full = [answer('ann', 'r-ann', 'Calm Owl'), ...posted(0, INBOX_KEEP + 5)];
    // The newest ten taken away, then seven more: room for them all, nothing else goes.
    const roomy = [...full, ...deleted(INBOX_KEEP - 5, 10), ...posted(1000, 7)];
    const afterRoom = await inbox((await spec.given(roomy)).read, 'ann');
    expect(afterRoom).toHaveLength(INBOX_KEEP - 3);
    expect(afterRoom.at(-1)!.replyId).toBe('x5');
    // Five more fill it past what it keeps: the two oldest go.
    const past = await inbox((await spec.given([...roomy, ...posted(2000, 5)])).read, 'ann');
    expect(past).toHaveLength(INBOX_KEEP);
    expect(past[0]!.replyId).toBe('x2004');
    expect(past.at(-1)!.replyId).toBe('x7');
    // Erased, and back: the inbox starts from nothing.
    const again = await spec.given([
      ...roomy,
      erased('ann'),
      answer('ann', 'r-ann', 'Calm Owl'),
      ...posted(3000, 3),
    ]);
    expect(await inbox(again.read, 'ann')).toHaveLength(3);
    expect(await again.read.notification_inbox_sizes.findOne({ _id: 'ann' })).toEqual({
      _id: 'ann',
      n: 3,
    });
  });
});
