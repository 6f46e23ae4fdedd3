import type { EventOfType } from '../event-catalog';

/**
 * The opinion map's input, kept per question: which answers stand (in the order they came) and
 * what each person did with them. One event in, the changed documents out; pure and
 * synchronous. The projection (`projections/opinions.ts`) runs it over the read store; the
 * analyst's replay (`api/analyst/opinions-replay.ts`) runs exactly this over memory, so a map
 * computed from either is the same to the last digit.
 */

export const OPINION_EVENT_TYPES = [
  'ResponseSubmitted',
  'ResponseDeleted',
  'EchoGiven',
  'EchoWithdrawn',
  'ReactionAdded',
  'ReactionRemoved',
  'PersonErased',
] as const;

export type OpinionEventType = (typeof OPINION_EVENT_TYPES)[number];
export type OpinionEvent = { [T in OpinionEventType]: EventOfType<T> }[OpinionEventType];

/** A question's counters. `changedAt`: log position of the last event that changed its matrix. */
export type MatrixQuestion = { questionId: number; nextOrdinal: number; changedAt: number };

/** A standing answer: a column of the matrix, in the order answers came (`ordinal`). */
export type MatrixAnswer = { questionId: number; ordinal: number; authorId: string };

/**
 * A person's row on one question. `horizon`: answers with an ordinal below it were in the
 * discussion when the person last answered, echoed or reacted there (they have seen them).
 * `reactions`: per answer, the emoji they have on it now.
 */
export type MatrixRow = {
  questionId: number;
  personId: string;
  horizon: number;
  echoes: string[];
  reactions: Record<string, string[]>;
};

export const rowKey = (questionId: number, personId: string) => `${questionId}:${personId}`;

/** What a step may read. */
export type MatrixView = {
  question(questionId: number): MatrixQuestion | undefined;
  answer(responseId: string): MatrixAnswer | undefined;
  row(questionId: number, personId: string): MatrixRow | undefined;
  /** The standing answers a person wrote, by id. */
  answersBy(personId: string): readonly [string, MatrixAnswer][];
  /** Every row of a person (one per question they took part in). */
  rowsOf(personId: string): readonly MatrixRow[];
};

/** What a step changed, each named once with its value after the step (null: gone). */
export type MatrixChanges = {
  questions: MatrixQuestion[];
  answers: [responseId: string, answer: MatrixAnswer | null][];
  rows: [key: string, row: MatrixRow | null][];
};

/** What a step will read, for stores that load before they apply. */
export type MatrixReads =
  | { kind: 'vote'; questionId: number; responseId: string; personId: string }
  | { kind: 'answer'; questionId: number; responseId: string; personId: string }
  | { kind: 'person'; personId: string };

export const readsOf = (event: OpinionEvent): MatrixReads => {
  switch (event.type) {
    case 'ResponseSubmitted':
    case 'ResponseDeleted':
      return {
        kind: 'answer',
        questionId: event.data.questionId,
        responseId: event.data.responseId,
        personId: event.data.authorId,
      };
    case 'PersonErased':
      return { kind: 'person', personId: event.data.personId };
    default:
      return {
        kind: 'vote',
        questionId: event.data.questionId,
        responseId: event.data.responseId,
        personId: event.data.actorId,
      };
  }
};

/** The view as this step has changed it so far. */
class Draft {
  private readonly questions = new Map<number, MatrixQuestion>();
  private readonly answers = new Map<string, MatrixAnswer | null>();
  private readonly rows = new Map<string, MatrixRow | null>();
  constructor(
    private readonly view: MatrixView,
    private readonly position: number,
  ) {}

  question(questionId: number): MatrixQuestion {
    return (
      this.questions.get(questionId) ??
      this.view.question(questionId) ?? { questionId, nextOrdinal: 0, changedAt: 0 }
    );
  }
  /** Marks the question's matrix changed by this event. */
  touch(questionId: number, change: Partial<MatrixQuestion> = {}) {
    this.questions.set(questionId, {
      ...this.question(questionId),
      ...change,
      changedAt: this.position,
    });
  }
  answer(responseId: string): MatrixAnswer | undefined {
    const changed = this.answers.get(responseId);
    return changed === undefined ? this.view.answer(responseId) : (changed ?? undefined);
  }
  setAnswer(responseId: string, answer: MatrixAnswer | null) {
    this.answers.set(responseId, answer);
  }
  row(questionId: number, personId: string): MatrixRow {
    const changed = this.rows.get(rowKey(questionId, personId));
    if (changed) return changed;
    return (
      this.view.row(questionId, personId) ?? {
        questionId,
        personId,
        horizon: 0,
        echoes: [],
        reactions: {},
      }
    );
  }
  setRow(row: MatrixRow | null, key: string) {
    this.rows.set(key, row);
  }
  changes(): MatrixChanges {
    return {
      questions: [...this.questions.values()],
      answers: [...this.answers],
      rows: [...this.rows],
    };
  }
}

/**
 * An answer leaves the map: its column goes, with every vote on it. The one way out, whatever
 * the reason (deleted, its author erased, or hidden by a moderator).
 */
const leaveOut = (draft: Draft, responseId: string) => {
  const answer = draft.answer(responseId);
  if (!answer) return;
  draft.setAnswer(responseId, null);
  draft.touch(answer.questionId);
};

/** A person acted on the question's discussion: every answer standing now, they have seen. */
const seenAll = (draft: Draft, row: MatrixRow): MatrixRow => ({
  ...row,
  horizon: draft.question(row.questionId).nextOrdinal,
});

const without = (list: readonly string[], item: string) => list.filter((x) => x !== item);

export const matrixStep = (
  event: OpinionEvent,
  position: number,
  view: MatrixView,
): MatrixChanges => {
  const draft = new Draft(view, position);
  switch (event.type) {
    case 'ResponseSubmitted': {
      const { responseId, questionId, authorId } = event.data;
      if (draft.answer(responseId)) break;
      const ordinal = draft.question(questionId).nextOrdinal;
      draft.setAnswer(responseId, { questionId, ordinal, authorId });
      draft.touch(questionId, { nextOrdinal: ordinal + 1 });
      draft.setRow(seenAll(draft, draft.row(questionId, authorId)), rowKey(questionId, authorId));
      break;
    }
    case 'ResponseDeleted':
      leaveOut(draft, event.data.responseId);
      break;
    case 'PersonErased': {
      // Their answers leave every map, and so does everything they did.
      const { personId } = event.data;
      for (const [responseId] of view.answersBy(personId)) leaveOut(draft, responseId);
      for (const row of view.rowsOf(personId)) {
        draft.setRow(null, rowKey(row.questionId, personId));
        draft.touch(row.questionId);
      }
      break;
    }
    case 'EchoGiven':
    case 'EchoWithdrawn':
    case 'ReactionAdded':
    case 'ReactionRemoved': {
      const { questionId, responseId, actorId } = event.data;
      const row = seenAll(draft, draft.row(questionId, actorId));
      // A vote on an answer that no longer stands counts for nothing; being there still does.
      const stands = draft.answer(responseId) !== undefined;
      if (event.type === 'EchoGiven' && stands) {
        row.echoes = [...without(row.echoes, responseId), responseId];
      } else if (event.type === 'EchoWithdrawn') {
        row.echoes = without(row.echoes, responseId);
      } else if (event.type === 'ReactionAdded' || event.type === 'ReactionRemoved') {
        const { emoji } = event.data;
        const had = row.reactions[responseId] ?? [];
        const now =
          event.type === 'ReactionAdded' && stands
            ? [...without(had, emoji), emoji]
            : without(had, emoji);
        const { [responseId]: _gone, ...others } = row.reactions;
        row.reactions = now.length > 0 ? { ...others, [responseId]: now } : others;
      }
      draft.setRow(row, rowKey(questionId, actorId));
      draft.touch(questionId);
      break;
    }
  }
  return draft.changes();
};
