import {
  matrixStep,
  OPINION_EVENT_TYPES,
  rowKey,
  type MatrixAnswer,
  type MatrixQuestion,
  type MatrixRow,
  type MatrixView,
  type OpinionEvent,
} from '../../domain/opinions/matrix-reducer';
import { computeOpinionMap, type OpinionMap } from '../../domain/opinions/opinion-map';
import { voteMatrix } from '../../domain/opinions/vote-matrix';
import type { RecordedEvent } from '../../domain/shared/events';
import type { EventStore } from '../../infra/event-store/event-store';
import type { ReplayProgress } from './replay';

/** Events read at once. */
const PAGE = 5000;
const relevant = new Set<string>(OPINION_EVENT_TYPES);

/**
 * The matrix reducer's storage in memory, for the questions asked about: what the projection
 * keeps in the read store, with the indexes it reads by (answers by author, rows by person).
 */
export const memoryMatrices = (wanted: (questionId: number) => boolean = () => true) => {
  const questions = new Map<number, MatrixQuestion>();
  const answers = new Map<string, MatrixAnswer>();
  const rows = new Map<string, MatrixRow>();
  const view: MatrixView = {
    question: (id) => questions.get(id),
    answer: (id) => answers.get(id),
    row: (questionId, personId) => rows.get(rowKey(questionId, personId)),
    answersBy: (personId) => [...answers].filter(([, answer]) => answer.authorId === personId),
    rowsOf: (personId) => [...rows.values()].filter((row) => row.personId === personId),
  };
  const apply = (event: RecordedEvent) => {
    if (!relevant.has(event.type)) return;
    const opinionEvent = event as unknown as OpinionEvent;
    if ('questionId' in opinionEvent.data && !wanted(opinionEvent.data.questionId)) return;
    const changes = matrixStep(opinionEvent, Number(event.position), view);
    for (const question of changes.questions) questions.set(question.questionId, question);
    for (const [id, answer] of changes.answers) {
      if (answer) answers.set(id, answer);
      else answers.delete(id);
    }
    for (const [key, row] of changes.rows) {
      if (row) rows.set(key, row);
      else rows.delete(key);
    }
  };
  const matrix = (questionId: number) => {
    const standing = [...answers]
      .filter(([, answer]) => answer.questionId === questionId)
      .map(([responseId, answer]) => ({ responseId, ...answer }));
    return voteMatrix(
      standing,
      [...rows.values()].filter((row) => row.questionId === questionId),
    );
  };
  /** The question's map as its matrix stands now, and the position of its last change. */
  const mapOf = (questionId: number): { map: OpinionMap; asOf: number } => ({
    map: computeOpinionMap(matrix(questionId)),
    asOf: questions.get(questionId)?.changedAt ?? 0,
  });
  return { apply, matrix, mapOf };
};

/**
 * Replays the whole log through the reducer the opinions projection runs, keeping only the
 * question asked about, and computes its map with the function the server computes it with.
 */
export const replayOpinionMap = async (
  events: EventStore,
  questionId: number,
  onProgress: (progress: ReplayProgress) => void = () => undefined,
): Promise<{ map: OpinionMap; asOf: number }> => {
  // Erasures concern every question: they pass, the rest only for this question.
  const state = memoryMatrices((id) => id === questionId);
  const total = await events.countEventsAfter(null, Number.MAX_SAFE_INTEGER);
  let done = 0;
  let after: bigint | undefined;
  onProgress({ done, total });
  for (;;) {
    const page = await events.readAll({
      maxCount: PAGE,
      ...(after === undefined ? {} : { after }),
    });
    for (const recorded of page) state.apply(recorded);
    done += page.length;
    onProgress({ done, total: Math.max(total, done) });
    if (page.length < PAGE) break;
    after = page.at(-1)!.position;
  }
  return state.mapOf(questionId);
};
