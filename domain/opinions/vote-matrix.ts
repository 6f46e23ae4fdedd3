import { OPINION_MIN_VOTES } from '../contracts/opinions';
import type { MatrixAnswer, MatrixRow } from './matrix-reducer';

/**
 * The person × answer matrix the map is computed from, in Pol.is's terms: a vote is +1 (an
 * echo, or the author's own answer: Pol.is counts a comment as its author's agreement), a
 * reaction alone counts REACTION_WEIGHT, an answer a person had in front of them and left
 * alone is a pass (0), and an answer that came after their last visit is missing, to be
 * imputed. Only people with OPINION_MIN_VOTES echoes or reactions are rows.
 */

export const ECHO_WEIGHT = 1;
/** A reaction is engagement, not endorsement: it counts for less than an echo. */
export const REACTION_WEIGHT = 0.5;
export const OWN_ANSWER_WEIGHT = 1;

export type MatrixPerson = {
  personId: string;
  /** Columns below this index were in front of the person (seen); the rest are missing unless voted. */
  seen: number;
  /** Voted columns, ascending, and their values. */
  cols: Int32Array;
  values: Float64Array;
};

export type VoteMatrix = {
  /** Standing answers in the order they came. */
  columns: readonly string[];
  /** Each column's place in the discussion (ordinal), ascending. */
  ordinals: readonly number[];
  /** People on the map, ordered by id (a fixed order: the same events give the same map). */
  people: readonly MatrixPerson[];
};

export type StandingAnswer = MatrixAnswer & { responseId: string };

const byId = (a: { personId: string }, b: { personId: string }) =>
  a.personId < b.personId ? -1 : a.personId > b.personId ? 1 : 0;

/** The index of the first column whose ordinal is `horizon` or more. */
const firstUnseen = (ordinals: readonly number[], horizon: number) => {
  let low = 0;
  let high = ordinals.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (ordinals[middle]! < horizon) low = middle + 1;
    else high = middle;
  }
  return low;
};

/** One person's votes on the standing answers: value by column, and how many they gave. */
const votesOf = (
  row: MatrixRow,
  columnOf: ReadonlyMap<string, number>,
  own: readonly number[],
): { votes: Map<number, number>; given: number } => {
  const votes = new Map<number, number>();
  for (const [responseId, emoji] of Object.entries(row.reactions)) {
    const col = columnOf.get(responseId);
    if (col !== undefined && emoji.length > 0) votes.set(col, REACTION_WEIGHT);
  }
  for (const responseId of row.echoes) {
    const col = columnOf.get(responseId);
    if (col !== undefined) votes.set(col, ECHO_WEIGHT);
  }
  const given = votes.size;
  for (const col of own) votes.set(col, OWN_ANSWER_WEIGHT);
  return { votes, given };
};

/** Builds the matrix of one question from its standing answers and its people's rows. */
export const voteMatrix = (
  answers: readonly StandingAnswer[],
  rows: readonly MatrixRow[],
): VoteMatrix => {
  const ordered = [...answers].sort((a, b) => a.ordinal - b.ordinal);
  const columns = ordered.map((a) => a.responseId);
  const ordinals = ordered.map((a) => a.ordinal);
  const columnOf = new Map(columns.map((id, col) => [id, col]));
  const ownBy = new Map<string, number[]>();
  ordered.forEach((answer, col) => {
    const list = ownBy.get(answer.authorId) ?? [];
    list.push(col);
    ownBy.set(answer.authorId, list);
  });
  const people: MatrixPerson[] = [];
  for (const row of [...rows].sort(byId)) {
    const { votes, given } = votesOf(row, columnOf, ownBy.get(row.personId) ?? []);
    if (given < OPINION_MIN_VOTES) continue;
    const cols = Int32Array.from([...votes.keys()].sort((a, b) => a - b));
    people.push({
      personId: row.personId,
      seen: firstUnseen(ordinals, row.horizon),
      cols,
      values: Float64Array.from(cols, (col) => votes.get(col)!),
    });
  }
  return { columns, ordinals, people };
};

/** A column as a stored map keeps it: which answer, and where it came in the discussion. */
export type MapColumn = { responseId: string; ordinal: number };

/**
 * A person's row read against a stored map's columns (the caller's own place): null when their
 * votes on those answers do not put them on the map.
 */
export const personOn = (
  columns: readonly MapColumn[],
  ownAnswers: ReadonlySet<string>,
  row: MatrixRow,
): MatrixPerson | null => {
  const answers = columns.map((column) => ({
    ...column,
    questionId: row.questionId,
    authorId: ownAnswers.has(column.responseId) ? row.personId : '',
  }));
  return voteMatrix(answers, [row]).people[0] ?? null;
};
