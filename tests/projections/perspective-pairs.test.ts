import { describe, expect, it } from 'vitest';
import type { AnyEvent } from '../../domain/event-catalog';
import { perspectivePairsProjection } from '../../projections/perspective-pairs';
import { projectionSpec } from '../support/projection-spec';
import { activation, submission } from '../support/seed';

const at = '2026-11-22T16:00:00.000Z';

/** An answer of `length` characters, placed at `spectrumPosition` (null: placed nowhere). */
const answer = (
  responseId: string,
  length: number,
  spectrumPosition: number | null = null,
): AnyEvent => {
  const event = submission(responseId, 5, `author-${responseId}`, at);
  return { ...event, data: { ...event.data, content: 'x'.repeat(length), spectrumPosition } };
};

const pairsOf = async (events: AnyEvent[]) => {
  const { read } = await projectionSpec(perspectivePairsProjection).given([
    activation('2026-11-22', 5),
    ...events,
  ]);
  const pairs = await read.perspective_pairs.find({ questionId: 5 }, { sort: { order: 1 } });
  const pool = await read.perspective_pool.find({ questionId: 5 }, { sort: { seq: 1 } });
  return {
    pairs: pairs.map((pair) => [pair.one.responseId, pair.two.responseId]),
    waiting: pool.map((doc) => doc._id),
  };
};

describe('perspective pairs', () => {
  it('pairs an answer with the oldest waiting one it contrasts with', async () => {
    // 120 short unplaced answers contrast with nothing among themselves; a long one arrives.
    const short = Array.from({ length: 120 }, (_, i) => answer(`s${i}`, 40));
    const { pairs, waiting } = await pairsOf([...short, answer('long', 400)]);
    expect(pairs).toEqual([['s0', 'long']]);
    expect(waiting).toHaveLength(119);
    expect(waiting[0]).toBe('s1');
  });

  it('finds a contrasting side behind any number of unplaced answers', async () => {
    // Unplaced answers of one length contrast with nothing among themselves: they pile up.
    // (Until 2026-11-26 only the 50 oldest waiting answers were looked at, and these two
    // placed answers never met.)
    const unplaced = Array.from({ length: 60 }, (_, i) => answer(`u${i}`, 40));
    const { pairs, waiting } = await pairsOf([
      ...unplaced,
      answer('left', 40, -60),
      answer('right', 40, 70),
    ]);
    expect(pairs).toEqual([['left', 'right']]);
    expect(waiting).toHaveLength(60);
    expect(waiting[0]).toBe('u0');
  });

  it('takes the oldest across labels and sides, and leaves what contrasts with nothing waiting', async () => {
    const { pairs, waiting } = await pairsOf([
      answer('thoughtful', 150),
      answer('placed-left', 40, -80),
      answer('concise-right', 40, 80),
      answer('concise', 40),
    ]);
    // placed-left pairs with the thoughtful one (another label, older than any other side);
    // concise-right then finds nothing older of another label, and the left one is paired.
    expect(pairs).toEqual([['thoughtful', 'placed-left']]);
    expect(waiting).toEqual(['concise-right', 'concise']);
  });
  it('pairs the oldest every time, through many more of one kind than the front of its line holds', async () => {
    // 40 short unplaced answers wait; 40 long ones take them, oldest first, one each.
    const short = Array.from({ length: 40 }, (_, i) => answer(`s${i}`, 40));
    const long = Array.from({ length: 40 }, (_, i) => answer(`l${i}`, 400));
    // Interleaved: some short answers arrive after the line's front was first read.
    const late = Array.from({ length: 5 }, (_, i) => answer(`t${i}`, 40));
    const { pairs, waiting } = await pairsOf([
      ...short,
      ...long.slice(0, 20),
      ...late,
      ...long.slice(20),
    ]);
    const expected = [...short, ...late].map(
      (event) => (event.data as { responseId: string }).responseId,
    );
    expect(pairs).toEqual(expected.slice(0, 40).map((id, i) => [id, `l${i}`]));
    expect(waiting).toEqual(expected.slice(40));
  });

  it('gives an answer back from a pair its place in the line, ahead of those who came after it', async () => {
    const removed = (responseId: string): AnyEvent => ({
      type: 'ResponseDeleted',
      data: { responseId, questionId: 5, authorId: `author-${responseId}`, day: '2026-11-22', at },
    });
    const short = Array.from({ length: 20 }, (_, i) => answer(`s${i}`, 40));
    // s0 pairs with l0; l0 is deleted, so s0 waits again, older than every other short answer.
    const { pairs, waiting } = await pairsOf([
      ...short,
      answer('l0', 400),
      removed('l0'),
      answer('l1', 400),
      answer('l2', 400),
    ]);
    expect(pairs).toEqual([
      ['s0', 'l1'],
      ['s1', 'l2'],
    ]);
    expect(waiting[0]).toBe('s2');
    expect(waiting).toHaveLength(18);
  });

  it('takes an answer others no longer see out of its pair, and pairs it again when restored', async () => {
    const moderated = (
      responseId: string,
      previous: 'visible' | 'hidden',
      visibility: 'visible' | 'hidden',
    ): AnyEvent => ({
      type: 'ItemVisibilityChanged',
      data: {
        target: { kind: 'response', id: responseId },
        authorId: `author-${responseId}`,
        questionId: 5,
        parentId: null,
        previous,
        visibility,
        cause: 'moderator',
        reason: 'harassment',
        by: 'root',
        at,
      },
    });
    const left = answer('left', 40, -60);
    const right = answer('right', 40, 70);
    expect(await pairsOf([left, right, moderated('right', 'visible', 'hidden')])).toEqual({
      pairs: [],
      waiting: ['left'],
    });
    expect(
      await pairsOf([
        left,
        right,
        moderated('right', 'visible', 'hidden'),
        moderated('right', 'hidden', 'visible'),
      ]),
    ).toEqual({ pairs: [['left', 'right']], waiting: [] });
  });
});
