import { sharedTopics } from '../../domain/contracts/topics';
import { rowKey, type MatrixAnswer, type MatrixRow } from '../../domain/opinions/matrix-reducer';
import { computeOpinionMap, type OpinionMap } from '../../domain/opinions/opinion-map';
import { voteMatrix, type VoteMatrix } from '../../domain/opinions/vote-matrix';
import type { Clock } from '../../infra/clock';
import type { Doc, ReadStore } from '../../infra/read-store/read-store';
import type { ProjectionView } from '../../projections/engine/define';
import type { ReadModels } from '../../projections/engine/read-models';
import { opinionsProjection } from '../../projections/opinions';

/**
 * Opinion maps as read models: computed from the opinions projection's matrix, stored in the
 * read store (shared by every process), pushed on the question's live topic. A question's map
 * is computed at once when it has none, and again when its matrix changed, but not sooner
 * than `intervalMs` after the last time: a map per echo would cost far more than the echo.
 * Not a projection: a map is a function of the matrix at one position, computed when due.
 */
export const OPINION_MAPS = 'opinion_maps';

/** `_id` is the question id. `asOf`: the matrix's last change (a log position) it was computed at. */
export type StoredMap = Doc & {
  questionId: number;
  asOf: number;
  computedAt: number;
  map: OpinionMap;
};

/** A notice no projection owns: read models ignore it, the live hub pushes its topic. */
const noticeFor = (questionId: number) => ({
  projection: OPINION_MAPS,
  generation: 0,
  position: '0',
  topics: [sharedTopics.responses.name(questionId)],
});

/** A map is due when the question has none, or its matrix changed and the interval has passed. */
export const isDue = (
  stored: Pick<StoredMap, 'asOf' | 'computedAt'> | null,
  changedAt: number,
  now: number,
  intervalMs: number,
) => !stored || (stored.asOf !== changedAt && now - stored.computedAt >= intervalMs);

const valueOf = <T>(doc: Doc & T): T => {
  const { _id: _key, ...value } = doc;
  return value as T;
};

/** A question's matrix as the opinions projection holds it, and the position of its last change. */
export const matrixFrom = async (
  view: ProjectionView<(typeof opinionsProjection)['collections']>,
  questionId: number,
): Promise<{ matrix: VoteMatrix; changedAt: number }> => {
  const [question, answers, rows] = await Promise.all([
    view.opinion_questions.findOne({ _id: String(questionId) }),
    view.opinion_answers.find({ questionId }, { sort: { ordinal: 1 } }),
    view.opinion_rows.find({ questionId }),
  ]);
  return {
    matrix: voteMatrix(
      answers.map((doc) => ({ responseId: doc._id, ...valueOf<MatrixAnswer>(doc) })),
      rows.map((doc) => valueOf<MatrixRow>(doc)),
    ),
    changedAt: question?.changedAt ?? 0,
  };
};

export type OpinionMaps = {
  /** The question's matrix as the read model holds it now, and the position of its last change. */
  matrix(questionId: number): Promise<{ matrix: VoteMatrix; changedAt: number }>;
  /** The stored map, computed first when due (so never more than an interval behind). */
  mapOf(questionId: number): Promise<StoredMap>;
  /** The stored maps of these questions, each computed first when due. */
  mapsOf(questionIds: readonly number[]): Promise<StoredMap[]>;
  /** A person's row and own answers on a question, to place them on its map. */
  rowOf(
    questionId: number,
    personId: string,
  ): Promise<{ row: MatrixRow; ownAnswers: Set<string> } | null>;
  /** Questions whose matrix changed after `position`, oldest change first. */
  changedSince(
    position: number,
    limit: number,
  ): Promise<{ questionId: number; changedAt: number }[]>;
};

export const opinionMaps = (
  store: ReadStore,
  readModels: ReadModels,
  clock: Clock,
  intervalMs: number,
): OpinionMaps => {
  const view = () => readModels.of(opinionsProjection);
  const stored = (questionId: number) =>
    store.collection<StoredMap>(OPINION_MAPS).findOne({ _id: String(questionId) });

  const matrix: OpinionMaps['matrix'] = (questionId) => matrixFrom(view(), questionId);

  /** Computes and stores; a map of a later change already stored is kept. */
  const compute = async (questionId: number): Promise<StoredMap> => {
    const { matrix: current, changedAt } = await matrix(questionId);
    const fresh: StoredMap = {
      _id: String(questionId),
      questionId,
      asOf: changedAt,
      computedAt: clock.now().getTime(),
      map: computeOpinionMap(current),
    };
    return store.transaction(async (tx) => {
      const maps = tx.collection<StoredMap>(OPINION_MAPS);
      const before = await maps.findOne({ _id: fresh._id });
      if (before && before.asOf > fresh.asOf) return before;
      await maps.upsertOne(fresh);
      tx.notify(noticeFor(questionId));
      return fresh;
    });
  };

  const due = async (questionId: number) => {
    const [map, question] = await Promise.all([
      stored(questionId),
      view().opinion_questions.findOne({ _id: String(questionId) }),
    ]);
    const changedAt = question?.changedAt ?? 0;
    return { map, due: isDue(map, changedAt, clock.now().getTime(), intervalMs) };
  };

  const mapOf: OpinionMaps['mapOf'] = async (questionId) => {
    const { map, due: isStale } = await due(questionId);
    return map && !isStale ? map : compute(questionId);
  };

  return {
    matrix,
    mapOf,
    mapsOf: async (questionIds) => {
      const maps: StoredMap[] = [];
      for (const questionId of questionIds) maps.push(await mapOf(questionId));
      return maps;
    },
    rowOf: async (questionId, personId) => {
      const { opinion_rows, opinion_answers } = view();
      const row = await opinion_rows.findOne({ _id: rowKey(questionId, personId) });
      if (!row) return null;
      const own = await opinion_answers.find({ authorId: personId });
      return {
        row: valueOf<MatrixRow>(row),
        ownAnswers: new Set(own.filter((a) => a.questionId === questionId).map((a) => a._id)),
      };
    },
    changedSince: async (position, limit) =>
      (
        await view().opinion_questions.find(
          { changedAt: { $gt: position } },
          { sort: { changedAt: 1 }, limit },
        )
      ).map(({ questionId, changedAt }) => ({ questionId, changedAt })),
  };
};
