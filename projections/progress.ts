import { noProgress, type ProgressStats } from '../domain/badges/catalogue';
import { personalTopic } from '../domain/contracts/topics';
import type { Doc } from '../infra/read-store/read-store';
import { collection, projection, type ProjectionDb } from './engine/define';
import { addAnsweredDay, latestRun, longestRun, takeBackDay, type RunDoc } from './streak-runs';

/** Answers a person has on one product day (0 or 1, as one answer per day is the rule). */
export type StreakDayDoc = Doc & { personId: string; day: string; answers: number };

/** `_id` is the person's id: their counts, their latest run, and what others may see. */
export type PersonProgressDoc = Doc &
  ProgressStats & {
    categories: string[];
    /** The run with the latest end: the current streak while it reaches today or yesterday. */
    latest: { start: string; end: string; length: number } | null;
  };

type AuthorDoc = Doc & { authorId: string };
type CategoryDoc = Doc & { category: string };
/**
 * `_id` is a question's id: a person's contribution that an admin made into that question
 * (`authorId`, once ContributionUsed says so), and whether it was ever the question of a day.
 * Only the two together count for the author; either may come first in the log.
 */
export type ContributedQuestionDoc = Doc & {
  authorId: string | null;
  asked: boolean;
  counted: boolean;
};

const collections = {
  streak_days: collection<StreakDayDoc>({ key: { personId: 1, day: 1 } }),
  streak_runs: collection<RunDoc>(
    { key: { personId: 1, end: -1 } },
    { key: { personId: 1, start: -1 } },
    { key: { personId: 1, length: -1 } },
  ),
  progress_people: collection<PersonProgressDoc>(),
  progress_answers: collection<AuthorDoc>({ key: { authorId: 1 } }),
  progress_categories: collection<CategoryDoc>(),
  progress_contributions: collection<ContributedQuestionDoc>({ key: { authorId: 1 } }),
};

type Db = ProjectionDb<typeof collections>;

const personOf = async (db: Db, personId: string): Promise<PersonProgressDoc> =>
  (await db.progress_people.findOne({ _id: personId })) ?? {
    _id: personId,
    ...noProgress,
    categories: [],
    latest: null,
  };

const save = async (db: Db, person: PersonProgressDoc) => {
  await db.progress_people.upsertOne(person);
  db.notify(personalTopic.internalName('progress', person._id));
};

const streaksOf = async (db: Db, person: PersonProgressDoc) => {
  const latest = await latestRun(db.streak_runs, person._id);
  const longest = await longestRun(db.streak_runs, person._id);
  return {
    ...person,
    latest: latest && { start: latest.start, end: latest.end, length: latest.length },
    longestStreak: longest?.length ?? 0,
  };
};

/** The person's streaks once `run` (grown by a day just answered) is among their runs. */
const withRun = (person: PersonProgressDoc, run: RunDoc): PersonProgressDoc => ({
  ...person,
  latest:
    person.latest === null || run.end >= person.latest.end
      ? { start: run.start, end: run.end, length: run.length }
      : person.latest,
  longestStreak: Math.max(person.longestStreak, run.length),
});

const count = (value: number, step: 1 | -1) => Math.max(0, value + step);

/**
 * Notes what one event says of a contributed question; the author's count of contributions
 * used goes up once, when it is both theirs and asked (drafted, scheduled or deleted before
 * its day, it never was a question of the day).
 */
const noteContributedQuestion = async (
  db: Db,
  questionId: number,
  change: { authorId: string } | { asked: true },
) => {
  const _id = String(questionId);
  const known = (await db.progress_contributions.findOne({ _id })) ?? {
    _id,
    authorId: null,
    asked: false,
    counted: false,
  };
  const doc = { ...known, ...change };
  const counts = doc.authorId !== null && doc.asked && !doc.counted;
  await db.progress_contributions.upsertOne({ ...doc, counted: doc.counted || counts });
  if (counts && doc.authorId !== null) {
    const person = await personOf(db, doc.authorId);
    await save(db, { ...person, contributionsUsed: person.contributionsUsed + 1 });
  }
};

/**
 * Each person's progress: streaks over product days (a day counts while it has an answer),
 * totals and what badge rules look at (the badge-awards reactor reads it). An erased
 * person's progress is forgotten.
 */
export const progressProjection = projection({
  name: 'progress',
  // v3: a contribution counts once its question is asked, no longer when it is drafted or scheduled.
  version: 3,
  collections,
  on: {
    QuestionOfTheDayActivated: async ({ data }, db) => {
      await db.progress_categories.upsertOne({
        _id: String(data.questionId),
        category: data.category,
      });
      if (data.submissionId !== null) {
        await noteContributedQuestion(db, data.questionId, { asked: true });
      }
    },
    ResponseSubmitted: async (event, db) => {
      const { data } = event;
      await db.progress_answers.upsertOne({ _id: data.responseId, authorId: data.authorId });
      const dayId = `${data.authorId}:${data.day}`;
      const day = await db.streak_days.findOne({ _id: dayId });
      const answers = (day?.answers ?? 0) + 1;
      await db.streak_days.upsertOne({
        _id: dayId,
        personId: data.authorId,
        day: data.day,
        answers,
      });
      const person = await personOf(db, data.authorId);
      // A day answered only grows runs: the latest and the longest follow from the run it
      // joined, with no query over the person's runs.
      const streaks =
        answers === 1
          ? withRun(
              person,
              await addAnsweredDay(db.streak_runs, data.authorId, data.day, person.latest),
            )
          : person;
      const category = (await db.progress_categories.findOne({ _id: String(data.questionId) }))
        ?.category;
      const categories =
        category && !person.categories.includes(category)
          ? [...person.categories, category]
          : person.categories;
      await save(db, {
        ...streaks,
        responses: person.responses + 1,
        categories,
        categoriesAnswered: categories.length,
      });
    },
    ResponseDeleted: async (event, db) => {
      const { data } = event;
      const dayId = `${data.authorId}:${data.day}`;
      const day = await db.streak_days.findOne({ _id: dayId });
      if (!day) return;
      if (day.answers <= 1) {
        await db.streak_days.deleteOne({ _id: dayId });
        await takeBackDay(db.streak_runs, data.authorId, data.day);
      } else {
        await db.streak_days.updateOne({ _id: dayId }, { $set: { answers: day.answers - 1 } });
      }
      const person = await personOf(db, data.authorId);
      await save(db, { ...(await streaksOf(db, person)), responses: count(person.responses, -1) });
    },
    EchoGiven: async (event, db) => {
      const answer = await db.progress_answers.findOne({ _id: event.data.responseId });
      if (!answer) return;
      const person = await personOf(db, answer.authorId);
      await save(db, { ...person, echoesReceived: person.echoesReceived + 1 });
    },
    EchoWithdrawn: async (event, db) => {
      const answer = await db.progress_answers.findOne({ _id: event.data.responseId });
      if (!answer) return;
      const person = await personOf(db, answer.authorId);
      await save(db, { ...person, echoesReceived: count(person.echoesReceived, -1) });
    },
    ReplyPosted: async (event, db) => {
      const person = await personOf(db, event.data.authorId);
      await save(db, { ...person, repliesWritten: person.repliesWritten + 1 });
    },
    ReplyDeleted: async (event, db) => {
      const person = await personOf(db, event.data.authorId);
      await save(db, { ...person, repliesWritten: count(person.repliesWritten, -1) });
    },
    JournalEntryWritten: async (event, db) => {
      const person = await personOf(db, event.data.personId);
      await save(db, { ...person, journalEntries: person.journalEntries + 1 });
    },
    JournalEntryDeleted: async (event, db) => {
      const person = await personOf(db, event.data.personId);
      await save(db, { ...person, journalEntries: count(person.journalEntries, -1) });
    },
    MiniJourneyCompleted: async (event, db) => {
      const person = await personOf(db, event.data.personId);
      await save(db, { ...person, miniJourneys: person.miniJourneys + 1 });
    },
    // A result cleared to journey again: the journey it recorded no longer counts.
    MiniResultReset: async (event, db) => {
      const person = await personOf(db, event.data.personId);
      await save(db, { ...person, miniJourneys: count(person.miniJourneys, -1) });
    },
    ContributionUsed: async ({ data }, db) => {
      await noteContributedQuestion(db, data.questionId, { authorId: data.authorId });
    },
    PersonErased: async ({ data }, db) => {
      const personId = data.personId;
      await db.streak_days.deleteMany({ personId });
      await db.streak_runs.deleteMany({ personId });
      await db.progress_answers.deleteMany({ authorId: personId });
      await db.progress_contributions.deleteMany({ authorId: personId });
      await db.progress_people.deleteOne({ _id: personId });
    },
  },
});
