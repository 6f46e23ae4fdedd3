import type { MatrixRow } from '../../domain/opinions/matrix-reducer';
import type { StandingAnswer } from '../../domain/opinions/vote-matrix';

/**
 * The question at scale: `people` people and `answers` answers, each person echoing
 * `echoes` of them (sparse), in three loose camps so there is something to find: a camp's
 * people pick their camp's answers seven times in ten. Each person last visited somewhere in
 * the second half of the discussion, so later answers are missing for some (imputed).
 */
export const syntheticQuestion = (people = 2000, answers = 2000, echoes = 10) => {
  let seed = 7;
  const draw = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
  const columns: StandingAnswer[] = Array.from({ length: answers }, (_, j) => ({
    responseId: `answer-${j}`,
    questionId: 1,
    ordinal: j,
    authorId: `person-${j % people}`,
  }));
  const rows: MatrixRow[] = Array.from({ length: people }, (_, i) => {
    const camp = i % 3;
    const echoed = new Set<string>();
    while (echoed.size < echoes) {
      const j = Math.floor(draw() * answers);
      if (draw() < 0.7 ? j % 3 === camp : true) echoed.add(`answer-${j}`);
    }
    return {
      questionId: 1,
      personId: `person-${i}`,
      horizon: Math.floor(answers * (0.5 + draw() / 2)),
      echoes: [...echoed],
      reactions: {},
    };
  });
  return { columns, rows };
};
