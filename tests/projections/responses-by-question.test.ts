import { describe, expect, it } from 'vitest';
import type { AnyEvent } from '../../domain/event-catalog';
import { responsesByQuestionProjection } from '../../projections/responses-by-question';
import { projectionSpec } from '../support/projection-spec';
import { activation, deletion, submission } from '../support/seed';

const given = async (history: { stream: string; event: AnyEvent }[]) =>
  (await projectionSpec(responsesByQuestionProjection).given(history.map((h) => h.event))).read
    .responses;

describe('responses by question', () => {
  it('keeps each question’s total through answers, deletions and an erasure', async () => {
    const at = '2026-11-22T15:00:00.000Z';
    const { read } = await projectionSpec(responsesByQuestionProjection).given([
      activation('2026-11-22', 5),
      activation('2026-11-23', 6),
      submission('r1', 5, 'a', at),
      submission('r2', 5, 'b', at),
      submission('r3', 5, 'c', at),
      submission('r4', 6, 'a', at),
      deletion('r2', 5, 'b', at),
      // A deletion the list never held (answered before the history kept) moves nothing.
      deletion('r9', 5, 'z', at),
      { type: 'PersonErased', data: { personId: 'a', at } },
    ]);
    const totals = await read.response_counts.find({}, { sort: { _id: 1 } });
    expect(totals.map(({ _id, count }) => [_id, count])).toEqual([
      ['5', 1],
      ['6', 0],
    ]);
    expect(await read.responses.count({ questionId: 5 })).toBe(1);
  });

  it('records a response with its question’s text and zero counts', async () => {
    const responses = await given([
      { stream: 'q', event: activation('2026-11-22', 5) },
      { stream: 'responder-a', event: submission('r1', 5, 'a', '2026-11-22T15:00:00.000Z') },
    ]);
    expect(await responses.findOne({ _id: 'r1' })).toMatchObject({
      questionId: 5,
      questionContent: 'Question 5?',
      questionCategory: 'Ethics & Morality',
      echoCount: 0,
      replyCount: 0,
      authorId: 'a',
    });
  });

  it('removes a deleted response', async () => {
    const responses = await given([
      { stream: 'q', event: activation('2026-11-22', 5) },
      { stream: 'responder-a', event: submission('r1', 5, 'a', '2026-11-22T15:00:00.000Z') },
      { stream: 'responder-b', event: submission('r2', 5, 'b', '2026-11-22T15:01:00.000Z') },
      { stream: 'responder-a', event: deletion('r1', 5, 'a', '2026-11-22T16:00:00.000Z') },
    ]);
    expect((await responses.find({ questionId: 5 })).map((r) => r._id)).toEqual(['r2']);
  });

  it('counts echoes and replies, and never lets a count fall below zero', async () => {
    const at = '2026-11-22T16:00:00.000Z';
    const base = { responseId: 'r1', questionId: 5, at };
    const given1 = (actorId: string): AnyEvent => ({
      type: 'EchoGiven',
      data: { ...base, actorId, day: '2026-11-22' },
    });
    const withdrawn = (actorId: string): AnyEvent => ({
      type: 'EchoWithdrawn',
      data: { ...base, actorId },
    });
    const reply = { ...base, authorId: 'b', pseudonym: 'Bo', content: '@A hi' };
    const posted = (replyId: string): AnyEvent => ({
      type: 'ReplyPosted',
      data: { ...reply, replyId },
    });
    const deleted = (replyId: string): AnyEvent => ({
      type: 'ReplyDeleted',
      data: { replyId, responseId: 'r1', questionId: 5, authorId: 'b', at },
    });
    const responses = await given([
      { stream: 'q', event: activation('2026-11-22', 5) },
      { stream: 'responder-a', event: submission('r1', 5, 'a', '2026-11-22T15:00:00.000Z') },
      { stream: 'echoer-b', event: given1('b') },
      { stream: 'echoer-c', event: given1('c') },
      { stream: 'echoer-b', event: withdrawn('b') },
      { stream: 'reply-1', event: posted('p1') },
      { stream: 'reply-2', event: posted('p2') },
      { stream: 'reply-1', event: deleted('p1') },
      { stream: 'echoer-c', event: withdrawn('c') },
      { stream: 'echoer-d', event: withdrawn('d') },
    ]);
    expect(await responses.findOne({ _id: 'r1' })).toMatchObject({ echoCount: 0, replyCount: 1 });
  });
});
