import { describe, expect, it } from 'vitest';
import type { AnyEvent } from '../../domain/event-catalog';
import { echoesProjection } from '../../projections/echoes';
import { identityProjection } from '../../projections/identity';
import { perspectivePairsProjection } from '../../projections/perspective-pairs';
import { repliesProjection } from '../../projections/replies';
import { responsesByQuestionProjection } from '../../projections/responses-by-question';
import { sentimentProjection } from '../../projections/sentiment';
import { projectionSpec } from '../support/projection-spec';
import { activation, deletion, submission } from '../support/seed';

const at = '2026-11-22T16:00:00.000Z';
const erased = (personId: string): AnyEvent => ({ type: 'PersonErased', data: { personId, at } });
const placed = (responseId: string, authorId: string, spectrumPosition: number): AnyEvent => {
  const event = submission(responseId, 5, authorId, at);
  return { ...event, data: { ...event.data, spectrumPosition } };
};
const reply = (replyId: string, responseId: string, authorId: string): AnyEvent => ({
  type: 'ReplyPosted',
  data: {
    replyId,
    responseId,
    questionId: 5,
    authorId,
    pseudonym: `Author ${authorId}`,
    content: `reply from ${authorId}`,
    at,
  },
});
const echo = (actorId: string, responseId: string): AnyEvent => ({
  type: 'EchoGiven',
  data: { actorId, responseId, questionId: 5, day: '2026-11-22', at },
});

describe('an erased person leaves the read models', () => {
  it('responses by question: their answers go, everyone else’s stay', async () => {
    const { read, topics } = await projectionSpec(responsesByQuestionProjection).given([
      activation('2026-11-22', 5),
      submission('r1', 5, 'ann', at),
      submission('r2', 5, 'bob', at),
      erased('ann'),
    ]);
    expect((await read.responses.find({ questionId: 5 })).map((d) => d._id)).toEqual(['r2']);
    expect(topics).toContain('responses:5');
  });

  it('replies: their replies go, replies to them from others stay with their answer', async () => {
    const { read } = await projectionSpec(repliesProjection).given([
      reply('p1', 'r2', 'ann'),
      reply('p2', 'r1', 'bob'),
      erased('ann'),
    ]);
    expect(await read.replies.count({ authorId: 'ann' })).toBe(0);
    expect(await read.replies.count({ authorId: 'bob' })).toBe(1);
  });

  it('echoes: what they echoed and their daily counts go', async () => {
    const { read } = await projectionSpec(echoesProjection).given([
      echo('ann', 'r2'),
      echo('bob', 'r1'),
      erased('ann'),
    ]);
    expect(await read.echo_status.count({ actorId: 'ann' })).toBe(0);
    expect(await read.echo_days.count({ actorId: 'ann' })).toBe(0);
    expect(await read.echo_status.count({ actorId: 'bob' })).toBe(1);
  });

  it('sentiment: their answers leave the figures exactly as deleted answers do', async () => {
    const day = [activation('2026-11-22', 5), placed('r1', 'ann', 60), placed('r2', 'bob', -40)];
    const tallyAfter = async (events: AnyEvent[]) => {
      const { read } = await projectionSpec(sentimentProjection).given(events);
      return read.sentiment_tallies.find({ day: '2026-11-22' });
    };
    const erasedTally = await tallyAfter([...day, echo('bob', 'r1'), erased('ann')]);
    const deletedTally = await tallyAfter([
      ...day,
      echo('bob', 'r1'),
      deletion('r1', 5, 'ann', at),
    ]);
    expect(erasedTally).toEqual(deletedTally);
    expect(erasedTally).not.toEqual(await tallyAfter([...day, echo('bob', 'r1')]));
  });

  it('identity: their devices are unregistered', async () => {
    const { read } = await projectionSpec(identityProjection).given([
      {
        type: 'DeviceRegistered',
        data: {
          deviceHash: 'a'.repeat(64),
          userId: 'ann',
          pseudonym: 'Calm Owl',
          privacyConsent: true,
          termsConsent: true,
          at,
        },
      },
      erased('ann'),
    ]);
    expect(await read.devices.findOne({ _id: 'a'.repeat(64) })).toBeNull();
  });

  it('perspective pairs: their answer leaves its pair, and the partner waits again', async () => {
    const { read } = await projectionSpec(perspectivePairsProjection).given([
      activation('2026-11-22', 5),
      placed('r1', 'bob', -60),
      placed('r2', 'ann', 60),
      erased('ann'),
    ]);
    expect(await read.perspective_pairs.count({ questionId: 5 })).toBe(0);
    expect((await read.perspective_pool.find({ questionId: 5 })).map((d) => d._id)).toEqual(['r1']);
  });
});

describe('a rebuild after erasure', () => {
  it('meets the erased author’s sealed text as null and keeps nothing of it', async () => {
    const unreadable = (event: AnyEvent): AnyEvent =>
      ({ ...event, data: { ...event.data, content: null } }) as AnyEvent;
    const { read: responses } = await projectionSpec(responsesByQuestionProjection).given([
      activation('2026-11-22', 5),
      unreadable(submission('r1', 5, 'ann', at)),
      submission('r2', 5, 'bob', at),
    ]);
    expect((await responses.responses.find({ questionId: 5 })).map((d) => d._id)).toEqual(['r2']);
    const { read: replies } = await projectionSpec(repliesProjection).given([
      unreadable(reply('p1', 'r2', 'ann')),
    ]);
    expect(await replies.replies.count({ responseId: 'r2' })).toBe(0);
    const { read: pairs } = await projectionSpec(perspectivePairsProjection).given([
      unreadable(placed('r2', 'ann', 60)),
    ]);
    expect(await pairs.perspective_pool.count({ questionId: 5 })).toBe(0);
  });
});
