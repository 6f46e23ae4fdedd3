import {
  matrixStep,
  readsOf,
  rowKey,
  type MatrixAnswer,
  type MatrixQuestion,
  type MatrixRow,
  type OpinionEvent,
  type OpinionEventType,
} from '../domain/opinions/matrix-reducer';
import type { Doc } from '../infra/read-store/read-store';
import { collection, projection, type Handler, type ProjectionDb } from './engine/define';

/** `_id` is the question id: its counters and the log position of its matrix's last change. */
export type OpinionQuestionDoc = Doc & MatrixQuestion;
/** `_id` is a standing answer's id: a column of its question's matrix. */
export type OpinionAnswerDoc = Doc & MatrixAnswer;
/** `_id` is `${questionId}:${personId}`: that person's row in that question's matrix. */
export type OpinionRowDoc = Doc & MatrixRow;

const collections = {
  opinion_questions: collection<OpinionQuestionDoc>({ key: { changedAt: 1 } }),
  opinion_answers: collection<OpinionAnswerDoc>(
    { key: { questionId: 1, ordinal: 1 } },
    { key: { authorId: 1 } },
  ),
  opinion_rows: collection<OpinionRowDoc>({ key: { questionId: 1 } }, { key: { personId: 1 } }),
};

type Db = ProjectionDb<typeof collections>;

const valueOf = <T>(doc: (Doc & T) | null): T | undefined => {
  if (!doc) return undefined;
  const { _id: _key, ...value } = doc;
  return value as T;
};

/** Loads what the reducer will read for one event: a question, an answer, rows, a person's all. */
const load = async (event: OpinionEvent, db: Db) => {
  const reads = readsOf(event);
  const questions = new Map<number, MatrixQuestion>();
  const answers = new Map<string, MatrixAnswer>();
  const rows = new Map<string, MatrixRow>();
  let byAuthor: [string, MatrixAnswer][] = [];
  let ofPerson: MatrixRow[] = [];
  if (reads.kind === 'person') {
    byAuthor = (await db.opinion_answers.find({ authorId: reads.personId })).map((doc) => [
      doc._id,
      valueOf<MatrixAnswer>(doc)!,
    ]);
    ofPerson = (await db.opinion_rows.find({ personId: reads.personId })).map((doc) =>
      valueOf<MatrixRow>(doc)!,
    );
    for (const [id, answer] of byAuthor) answers.set(id, answer);
    const touched = new Set([
      ...byAuthor.map(([, a]) => a.questionId),
      ...ofPerson.map((r) => r.questionId),
    ]);
    for (const questionId of touched) {
      const question = await db.opinion_questions.findOne({ _id: String(questionId) });
      if (question) questions.set(questionId, valueOf<MatrixQuestion>(question)!);
    }
  } else {
    const question = await db.opinion_questions.findOne({ _id: String(reads.questionId) });
    if (question) questions.set(reads.questionId, valueOf<MatrixQuestion>(question)!);
    const answer = valueOf<MatrixAnswer>(
      await db.opinion_answers.findOne({ _id: reads.responseId }),
    );
    if (answer) answers.set(reads.responseId, answer);
    const key = rowKey(reads.questionId, reads.personId);
    const row = valueOf<MatrixRow>(await db.opinion_rows.findOne({ _id: key }));
    if (row) rows.set(key, row);
  }
  return {
    question: (id: number) => questions.get(id),
    answer: (id: string) => answers.get(id),
    row: (questionId: number, personId: string) => rows.get(rowKey(questionId, personId)),
    answersBy: () => byAuthor,
    rowsOf: () => ofPerson,
  };
};

/** Runs the shared reducer (domain/opinions/matrix-reducer.ts) and writes what it changed. */
const apply = async (event: OpinionEvent & { position: bigint }, db: Db): Promise<void> => {
  const changes = matrixStep(event, Number(event.position), await load(event, db));
  for (const question of changes.questions) {
    await db.opinion_questions.upsertOne({ _id: String(question.questionId), ...question });
  }
  for (const [responseId, answer] of changes.answers) {
    if (answer) await db.opinion_answers.upsertOne({ _id: responseId, ...answer });
    else await db.opinion_answers.deleteOne({ _id: responseId });
  }
  for (const [key, row] of changes.rows) {
    if (row) await db.opinion_rows.upsertOne({ _id: key, ...row });
    else await db.opinion_rows.deleteOne({ _id: key });
  }
};

/**
 * Each question's person × answer matrix, sparse: the answers that stand and what each person
 * did with them. The map itself is computed from it apart (api/opinions/), at most once a
 * minute per question: a map per echo would cost far more than the echo.
 */
export const opinionsProjection = projection({
  name: 'opinions',
  version: 1,
  collections,
  on: {
    ResponseSubmitted: apply,
    ResponseDeleted: apply,
    EchoGiven: apply,
    EchoWithdrawn: apply,
    ReactionAdded: apply,
    ReactionRemoved: apply,
    PersonErased: apply,
  } satisfies { [T in OpinionEventType]: Handler<T, typeof collections> },
});
