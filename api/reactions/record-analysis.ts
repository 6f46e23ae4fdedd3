import { z } from 'zod';
import { responseAnalyses } from '../../domain/analysis/response-analysis';
import { handle } from '../commands/run';
import type { ReactionHandler } from './index';

const unitScore = z.number().min(0).max(1);
const reaction = z.object({
  responseId: z.string().min(1),
  questionId: z.number().int().positive(),
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  relevance: unitScore,
  civility: unitScore,
  sincerity: unitScore,
  analyzerVersion: z.string().min(1),
  at: z.iso.datetime(),
});

/** Records an answer's scores; asked again for the same version, it records nothing. */
export const recordAnalysis: ReactionHandler = async (ctx, raw) => {
  const r = reaction.parse(raw);
  await handle(ctx, responseAnalyses, {
    type: 'RecordAnalysis',
    responseId: r.responseId,
    questionId: r.questionId,
    day: r.day,
    scores: { relevance: r.relevance, civility: r.civility, sincerity: r.sincerity },
    analyzerVersion: r.analyzerVersion,
    at: new Date(r.at),
  });
};
