import { describe, expect, it } from 'vitest';
import { ANALYZER_VERSION } from '../../domain/analysis/analyzer';
import type { AnyEvent } from '../../domain/event-catalog';
import { answerAnalysisReactor } from '../../projections/answer-analysis';
import { responseAnalysisProjection } from '../../projections/response-analysis';
import { projectionSpec, reactorSpec } from '../support/projection-spec';
import { activation, submission } from '../support/seed';

const at = '2026-11-22T15:00:00.000Z';
const answered = (responseId: string, authorId: string, content: string): AnyEvent => {
  const event = submission(responseId, 5, authorId, at);
  return { ...event, data: { ...event.data, content } };
};

describe('the analysis reactor', () => {
  it('asks to record each new answer’s scores, with the answer’s own time and the analyzer version', async () => {
    const { dispatched } = await reactorSpec(answerAnalysisReactor).given([
      activation('2026-11-22', 5),
      answered('r1', 'alice', 'Honesty matters more than comfort.'),
    ]);
    expect(dispatched).toEqual([
      expect.objectContaining({
        type: 'RecordAnalysis',
        causationId: 'event-2',
        responseId: 'r1',
        questionId: 5,
        day: '2026-11-22',
        civility: 1,
        analyzerVersion: ANALYZER_VERSION,
        at,
      }),
    ]);
  });

  it('marks down a copy of someone else’s answer, not the same person answering again', async () => {
    const text = 'Honesty matters more than comfort.';
    const { dispatched } = await reactorSpec(answerAnalysisReactor).given([
      activation('2026-11-22', 5),
      answered('r1', 'alice', text),
      answered('r2', 'alice', text),
      answered('r3', 'bob', `  ${text.toUpperCase()}`),
    ]);
    const sincerity = dispatched.map((r) => r.sincerity as number);
    expect(sincerity[1]).toBe(sincerity[0]);
    expect(sincerity[2]).toBeLessThan(0.3);
  });
});

describe('what the analysis reactor reads', () => {
  it('forgets an erased person’s fingerprints: neither their id nor a hash of their words stays', async () => {
    const { read } = await projectionSpec(responseAnalysisProjection).given([
      activation('2026-11-22', 5),
      answered('r1', 'alice', 'Honesty matters more than comfort.'),
      answered('r2', 'bob', 'Kindness first, always.'),
      { type: 'PersonErased', data: { personId: 'alice', at } },
    ]);
    const prints = await read.analysis_fingerprints.find({});
    expect(prints.map((p) => p.authorId)).toEqual(['bob']);
  });
});
