import type { Projection } from './engine/define';
import { badgesProjection } from './badges';
import { echoesProjection } from './echoes';
import { identityProjection } from './identity';
import { journalProjection } from './journal';
import { perspectivePairsProjection } from './perspective-pairs';
import { progressProjection } from './progress';
import { questionsProjection } from './questions';
import { repliesProjection } from './replies';
import { responsesByQuestionProjection } from './responses-by-question';

/** Every read model, in one list: the engine runs them, the API reads them. */
export const allProjections: readonly Projection[] = [
  identityProjection,
  questionsProjection,
  responsesByQuestionProjection,
  repliesProjection,
  echoesProjection,
  perspectivePairsProjection,
  progressProjection,
  badgesProjection,
  journalProjection,
];
