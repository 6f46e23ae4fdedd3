import { echoesProjection } from './echoes';
import { identityProjection } from './identity';
import { perspectivePairsProjection } from './perspective-pairs';
import type { Projection } from './projection';
import { questionsProjection } from './questions';
import { repliesProjection } from './replies';
import { responsesByQuestionProjection } from './responses-by-question';

export const allProjections: readonly Projection[] = [
  identityProjection,
  questionsProjection,
  responsesByQuestionProjection,
  repliesProjection,
  echoesProjection,
  perspectivePairsProjection,
];
