import { afterEach, describe, expect, it } from 'vitest';
import { openSqliteEventStore } from '../../infra/event-store/sqlite-event-store';
import { silentLogger } from '../../infra/logger';
import { openEmbeddedReadStore } from '../../infra/read-store/embedded-read-store';
import { openSqlite } from '../../infra/sqlite';
import { responsesByQuestionProjection } from '../../projections/responses-by-question';
import { ProjectionRunner } from '../../projections/runner';
import { activation, appendEvents, deletion, submission } from '../support/seed';

let stop: () => Promise<void> = async () => {};
afterEach(() => stop());

const given = async (history: { stream: string; event: { type: string; data: unknown } }[]) => {
  const db = openSqlite(':memory:');
  const events = openSqliteEventStore(db, { pollIntervalMs: 10 });
  for (const { stream, event } of history) await appendEvents(events, stream, [event]);
  const runner = new ProjectionRunner(
    events,
    openEmbeddedReadStore(db),
    [responsesByQuestionProjection],
    silentLogger(),
  );
  await runner.start();
  stop = () => runner.stop();
  await runner.waitFor((await events.headPosition()) ?? 0n, 5000);
  return runner.collection('responses');
};

describe('responses by question', () => {
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
    const echo = (type: 'EchoGiven' | 'EchoWithdrawn', actorId: string) => ({
      type,
      data: {
        responseId: 'r1',
        questionId: 5,
        actorId,
        at: '2026-11-22T16:00:00.000Z',
        ...(type === 'EchoGiven' ? { day: '2026-11-22' } : {}),
      },
    });
    const reply = (type: 'ReplyPosted' | 'ReplyDeleted', replyId: string) => ({
      type,
      data: {
        replyId,
        responseId: 'r1',
        questionId: 5,
        authorId: 'b',
        pseudonym: 'Bo',
        content: '@A hi',
        at: '2026-11-22T16:00:00.000Z',
      },
    });
    const responses = await given([
      { stream: 'q', event: activation('2026-11-22', 5) },
      { stream: 'responder-a', event: submission('r1', 5, 'a', '2026-11-22T15:00:00.000Z') },
      { stream: 'echoer-b', event: echo('EchoGiven', 'b') },
      { stream: 'echoer-c', event: echo('EchoGiven', 'c') },
      { stream: 'echoer-b', event: echo('EchoWithdrawn', 'b') },
      { stream: 'reply-1', event: reply('ReplyPosted', 'p1') },
      { stream: 'reply-2', event: reply('ReplyPosted', 'p2') },
      { stream: 'reply-1', event: reply('ReplyDeleted', 'p1') },
      { stream: 'echoer-c', event: echo('EchoWithdrawn', 'c') },
      { stream: 'echoer-d', event: echo('EchoWithdrawn', 'd') },
    ]);
    expect(await responses.findOne({ _id: 'r1' })).toMatchObject({ echoCount: 0, replyCount: 1 });
  });
});
