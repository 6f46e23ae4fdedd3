import { describe, expect, it } from 'vitest';
import type { AnyEvent, EventOfType } from '../../domain/event-catalog';
import { contributionsProjection } from '../../projections/contributions';
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

  it('replies: others’ replies no longer name them, and keep every other word', async () => {
    const named = (replyId: string, responseId: string, authorId: string, content: string) => {
      const event = reply(replyId, responseId, authorId) as EventOfType<'ReplyPosted'>;
      return { ...event, data: { ...event.data, pseudonym: authorId, content } } as AnyEvent;
    };
    const answer = (responseId: string, authorId: string, pseudonym: string): AnyEvent => {
      const event = submission(responseId, 5, authorId, at);
      return { ...event, data: { ...event.data, pseudonym } };
    };
    const { read, topics } = await projectionSpec(repliesProjection).given([
      answer('r1', 'ann', 'Calm Owl'),
      answer('r2', 'cid', 'Calm Owl 42'),
      named('p1', 'r1', 'Bold Fox', '@Calm Owl I disagree, Calm Owl.'),
      named('p2', 'r2', 'Bold Fox', '@Calm Owl 42 agrees with @Calm Owl here'),
      named('p3', 'r2', 'Bold Fox', '@Calm Owl 42 nice'),
      named('p4', 'r2', 'Bold Fox', 'As @Calm Owl said: maybe.'),
      {
        type: 'ReplyDeleted',
        data: { replyId: 'p4', responseId: 'r2', questionId: 5, authorId: 'Bold Fox', at },
      },
      erased('ann'),
    ]);
    const contents = Object.fromEntries(
      (await read.replies.find({})).map((doc) => [doc._id, doc.content]),
    );
    expect(contents).toEqual({
      p1: '@Anonymous I disagree, Calm Owl.',
      p2: '@Calm Owl 42 agrees with @Anonymous here',
      p3: '@Calm Owl 42 nice',
    });
    expect(await read.reply_mentions.count({ name: 'Calm Owl' })).toBe(0);
    expect(await read.reply_writers.count({ personId: 'ann' })).toBe(0);
    expect(topics.filter((t) => t === 'responses:5').length).toBeGreaterThan(4);
  });

  it('contributions: an idea or submission read after its author’s erasure is not kept', async () => {
    const { read } = await projectionSpec(contributionsProjection).given([
      {
        type: 'SuggestionMade',
        data: {
          suggestionId: 's1',
          content: null,
          category: null,
          notes: null,
          authorId: 'ann',
          authorName: 'Calm Owl',
          addedBy: null,
          at,
        },
      },
      {
        type: 'SuggestionEdited',
        data: { suggestionId: 's1', authorId: 'ann', before: null, after: null, by: 'ada', at },
      },
      {
        type: 'SubmissionSent',
        data: { submissionId: 'q1', content: null, authorId: 'ann', submitterName: 'Calm Owl', at },
      },
      {
        type: 'SubmissionReviewed',
        data: { submissionId: 'q1', authorId: 'ann', before: null, after: null, by: 'ada', at },
      },
    ]);
    expect(await read.suggestions.count({})).toBe(0);
    expect(await read.submissions.count({})).toBe(0);
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
