import type { Projection } from './projection';
import { identityProjection } from './identity';
import { questionsProjection } from './questions';
import { responsesByQuestionProjection } from './responses-by-question';

export const allProjections: readonly Projection[] = [
  identityProjection,
  questionsProjection,
  responsesByQuestionProjection,
];
