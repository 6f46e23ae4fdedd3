import { sharedTopics } from '../domain/contracts/topics';
import {
  contrastBetween,
  kindOf,
  kindsContrast,
  type LengthLabel,
  type ResponseKind as Kind,
} from '../domain/perspectives/pairing';
import type { EventOfType } from '../domain/event-catalog';
import type { Doc } from '../infra/read-store/read-store';
import { collection, projection, type ProjectionDb } from './engine/define';

type Side = {
  responseId: string;
  /** Log position of the answer, zero-padded: "oldest first" without ties. */
  seq: string;
  content: string;
  pseudonym: string;
  spectrumPosition: number | null;
  echoCount: number;
};

/** A response waiting for a contrasting partner. */
type Waiting = Doc & Side & { questionId: number; at: string };

export type PoolDoc = Waiting & Kind;

/** A waiting answer as a kind's line names it: its id and its place (`seq`). */
type Place = { id: string; seq: string };

/**
 * `_id` is a question's id: how many answers of each kind (`label/side`) wait in its pool, and
 * the front of each kind's line: its oldest waiting answers, oldest first, at most `FRONT`. A
 * front shorter than its count holds the oldest only; an empty one is read again from the pool.
 */
type WaitingDoc = Doc & { kinds: Record<string, number>; fronts: Record<string, Place[]> };

/**
 * Waiting answers a line's front names. Finding a partner reads the front (no query over the
 * pool, which must first hold every write of the unit: on a server engine two round trips an
 * answer); the pool is asked once the front has been taken.
 */
const FRONT = 16;

const bySeq = (a: Place, b: Place) => (a.seq < b.seq ? -1 : a.seq > b.seq ? 1 : 0);

export type PairDoc = Doc & {
  questionId: number;
  questionContent: string;
  one: Side;
  two: Side;
  insight: string;
  viewCount: number;
  createdAt: string;
  /**
   * The list's order and its page cursor: the log position of the answer that made the pair
   * (unique among standing pairs, as an answer is in one pair at a time).
   */
  order: string;
};

/** `_id` is a paired response's id: which pair it is in (so no query scans the pairs). */
type MemberDoc = Doc & { pairId: string; side: 'one' | 'two' };

type QuestionTextDoc = Doc & { content: string };

/** `_id` is a standing response's id: whose it is, so erasure finds a person's answers. */
type AuthoredDoc = Doc & { authorId: string; questionId: number };

/** `_id` is an answer others no longer see (held, hidden): kept to pair again if restored. */
type WithheldDoc = Waiting;

const collections = {
  perspective_withheld: collection<WithheldDoc>(),
  perspective_pairs: collection<PairDoc>({ key: { questionId: 1, order: 1 } }),
  perspective_pool: collection<PoolDoc>({ key: { questionId: 1, label: 1, side: 1, seq: 1 } }),
  perspective_waiting: collection<WaitingDoc>(),
  perspective_members: collection<MemberDoc>(),
  perspective_questions: collection<QuestionTextDoc>(),
  perspective_authored: collection<AuthoredDoc>({ key: { authorId: 1 } }),
};

type Db = ProjectionDb<typeof collections>;

const pairOf = async (db: Db, responseId: string) => {
  const member = await db.perspective_members.findOne({ _id: responseId });
  if (!member) return null;
  const pair = await db.perspective_pairs.findOne({ _id: member.pairId });
  return pair ? { pair, side: member.side } : null;
};

const sideOf = (d: PoolDoc): Side => ({
  responseId: d.responseId,
  seq: d.seq,
  content: d.content,
  pseudonym: d.pseudonym,
  spectrumPosition: d.spectrumPosition,
  echoCount: d.echoCount,
});

const kindKey = (kind: Kind) => `${kind.label}/${kind.side}`;

const kindOfKey = (key: string): Kind => {
  const [label, side] = key.split('/') as [LengthLabel, Kind['side']];
  return { label, side };
};

const waitingOf = async (db: Db, questionId: number): Promise<WaitingDoc> => {
  const _id = String(questionId);
  const found = await db.perspective_waiting.findOne({ _id });
  return { _id, kinds: found?.kinds ?? {}, fronts: found?.fronts ?? {} };
};

const saveWaiting = async (db: Db, waiting: WaitingDoc) => {
  if (Object.keys(waiting.kinds).length === 0) {
    await db.perspective_waiting.deleteOne({ _id: waiting._id });
  } else {
    await db.perspective_waiting.upsertOne(waiting);
  }
};

/** Counts an answer into its question's pool, and into its line's front if it belongs there. */
const joinPool = async (db: Db, entry: PoolDoc) => {
  await db.perspective_pool.upsertOne(entry);
  const waiting = await waitingOf(db, entry.questionId);
  const key = kindKey(entry);
  const before = waiting.kinds[key] ?? 0;
  const front = waiting.fronts[key] ?? [];
  const place = { id: entry._id, seq: entry.seq };
  // A whole line takes it; a front of the oldest only takes one older than its last (an answer
  // back from a pair or a hold keeps its place in the line).
  if (front.length === before || (front.length > 0 && place.seq < front.at(-1)!.seq)) {
    front.push(place);
    front.sort(bySeq);
    if (front.length > FRONT) front.pop();
  }
  waiting.kinds[key] = before + 1;
  if (front.length > 0) waiting.fronts[key] = front;
  await saveWaiting(db, waiting);
};

const leavePool = async (db: Db, responseId: string) => {
  const left = await db.perspective_pool.findOne({ _id: responseId });
  if (!left) return;
  await db.perspective_pool.deleteOne({ _id: responseId });
  const waiting = await waitingOf(db, left.questionId);
  const key = kindKey(left);
  const count = (waiting.kinds[key] ?? 0) - 1;
  const front = (waiting.fronts[key] ?? []).filter((place) => place.id !== responseId);
  if (count > 0) waiting.kinds[key] = count;
  else delete waiting.kinds[key];
  if (count > 0 && front.length > 0) waiting.fronts[key] = front;
  else delete waiting.fronts[key];
  await saveWaiting(db, waiting);
};

/** The oldest waiting answer of a kind: its line's front, read again from the pool once taken. */
const oldestOf = async (db: Db, waiting: WaitingDoc, kind: Kind): Promise<PoolDoc | null> => {
  const key = kindKey(kind);
  const head = waiting.fronts[key]?.[0];
  if (head) {
    const found = await db.perspective_pool.findOne({ _id: head.id });
    if (found) return found;
  }
  const oldest = await db.perspective_pool.find(
    { questionId: Number(waiting._id), label: kind.label, side: kind.side },
    { sort: { seq: 1 }, limit: FRONT },
  );
  if (oldest.length > 0) waiting.fronts[key] = oldest.map((doc) => ({ id: doc._id, seq: doc.seq }));
  else delete waiting.fronts[key];
  await saveWaiting(db, waiting);
  return oldest[0] ?? null;
};

/**
 * The oldest waiting response that contrasts with this one. The question's counts say which
 * kinds wait; the oldest of each contrasting kind is the front of its line. So the work per
 * answer is a lookup per contrasting kind that waits (none, most often: a pool of answers that
 * contrast with nothing among themselves never slows the next one down).
 */
const oldestContrasting = async (db: Db, entry: PoolDoc): Promise<PoolDoc | null> => {
  const waiting = await waitingOf(db, entry.questionId);
  let found: PoolDoc | null = null;
  // One after another: a MongoDB transaction takes one operation at a time.
  for (const key of Object.keys(waiting.kinds)) {
    const kind = kindOfKey(key);
    if (!kindsContrast(kind, entry)) continue;
    const first = await oldestOf(db, waiting, kind);
    if (first && first._id !== entry._id && (!found || first.seq < found.seq)) found = first;
  }
  return found;
};

/** Pairs the response with the oldest waiting response it contrasts with, or leaves it waiting. */
const placeInPool = async (db: Db, waiting: Waiting) => {
  const entry: PoolDoc = { ...waiting, ...kindOf(waiting) };
  const partner = await oldestContrasting(db, entry);
  if (!partner) {
    await joinPool(db, entry);
    return;
  }
  const question = await db.perspective_questions.findOne({ _id: String(entry.questionId) });
  const pairId = `${partner.responseId}~${entry.responseId}`;
  await leavePool(db, partner._id);
  await db.perspective_pairs.upsertOne({
    _id: pairId,
    questionId: entry.questionId,
    questionContent: question?.content ?? '',
    one: sideOf(partner),
    two: sideOf(entry),
    insight: contrastBetween(partner, entry)!,
    viewCount: 0,
    createdAt: entry.at,
    order: entry.seq,
  });
  await db.perspective_members.upsertOne({ _id: partner.responseId, pairId, side: 'one' });
  await db.perspective_members.upsertOne({ _id: entry.responseId, pairId, side: 'two' });
};

/** A response leaves: out of the pool, or out of its pair, whose partner waits again. */
const removeResponse = async (db: Db, responseId: string) => {
  await db.perspective_authored.deleteOne({ _id: responseId });
  await db.perspective_withheld.deleteOne({ _id: responseId });
  await leaveOthers(db, responseId);
};

/** Others no longer see a response: it leaves the pool or its pair; its partner waits again. */
const leaveOthers = async (db: Db, responseId: string) => {
  await leavePool(db, responseId);
  const found = await pairOf(db, responseId);
  if (!found) return;
  const { pair } = found;
  await db.perspective_pairs.deleteOne({ _id: pair._id });
  await db.perspective_members.deleteOne({ _id: pair.one.responseId });
  await db.perspective_members.deleteOne({ _id: pair.two.responseId });
  const partner = pair.one.responseId === responseId ? pair.two : pair.one;
  await placeInPool(db, {
    _id: partner.responseId,
    ...partner,
    questionId: pair.questionId,
    at: pair.createdAt,
  });
};

/** Where a response stands for others now, to pair it again if it is restored. */
const standingOf = async (db: Db, responseId: string): Promise<Waiting | null> => {
  const waiting = await db.perspective_pool.findOne({ _id: responseId });
  if (waiting) {
    const { label: _label, side: _side, ...rest } = waiting;
    return rest;
  }
  const found = await pairOf(db, responseId);
  if (!found) return null;
  const { pair, side } = found;
  return { _id: responseId, ...pair[side], questionId: pair.questionId, at: pair.createdAt };
};

/** A moderator (or a hold) took a response from others, or gave it back. */
const moderate = async (db: Db, data: EventOfType<'ItemVisibilityChanged'>['data']) => {
  const responseId = data.target.id;
  if (data.visibility === 'visible') {
    const withheld = await db.perspective_withheld.findOne({ _id: responseId });
    if (!withheld) return;
    await db.perspective_withheld.deleteOne({ _id: responseId });
    await placeInPool(db, withheld);
  } else {
    const standing = await standingOf(db, responseId);
    if (!standing) return;
    await db.perspective_withheld.upsertOne(standing);
    await leaveOthers(db, responseId);
  }
  if (data.questionId !== null) db.notify(sharedTopics.responses.name(data.questionId));
};

const adjustEchoes = async (db: Db, responseId: string, step: 1 | -1) => {
  const waiting = await db.perspective_pool.findOne({ _id: responseId });
  if (waiting) {
    await db.perspective_pool.updateOne(
      { _id: waiting._id },
      { $set: { echoCount: Math.max(0, waiting.echoCount + step) } },
    );
  }
  const found = await pairOf(db, responseId);
  if (found) {
    const { pair, side } = found;
    await db.perspective_pairs.updateOne(
      { _id: pair._id },
      { $set: { [`${side}.echoCount`]: Math.max(0, pair[side].echoCount + step) } },
    );
  }
};

/**
 * Shared perspectives: each response is paired with an earlier one that contrasts with it
 * (another spectrum side, or another length label). A deleted response frees its partner.
 */
export const perspectivePairsProjection = projection({
  name: 'perspective-pairs',
  // 7: answers others no longer see (held, hidden) leave their pairs.
  // 8: the front of each kind's line kept with its count.
  version: 8,
  collections,
  on: {
    QuestionOfTheDayActivated: async ({ data }, db) => {
      await db.perspective_questions.upsertOne({
        _id: String(data.questionId),
        content: data.content,
      });
    },
    ResponseSubmitted: async ({ data, position }, db) => {
      // Written by someone who has since erased their data: nothing to keep.
      if (data.content === null) return;
      await db.perspective_authored.upsertOne({
        _id: data.responseId,
        authorId: data.authorId,
        questionId: data.questionId,
      });
      await placeInPool(db, {
        _id: data.responseId,
        responseId: data.responseId,
        seq: String(position).padStart(20, '0'),
        questionId: data.questionId,
        content: data.content,
        pseudonym: data.pseudonym,
        spectrumPosition: data.spectrumPosition,
        echoCount: 0,
        at: data.at,
      });
      db.notify(sharedTopics.responses.name(data.questionId));
    },
    ResponseDeleted: async ({ data }, db) => {
      await removeResponse(db, data.responseId);
      db.notify(sharedTopics.responses.name(data.questionId));
    },
    PersonErased: async ({ data }, db) => {
      const theirs = await db.perspective_authored.find({ authorId: data.personId });
      for (const doc of theirs) {
        await removeResponse(db, doc._id);
        db.notify(sharedTopics.responses.name(doc.questionId));
      }
    },
    ItemVisibilityChanged: async ({ data }, db) => {
      if (data.target.kind === 'response') await moderate(db, data);
    },
    PerspectivePairViewed: async ({ data }, db) => {
      await db.perspective_pairs.updateOne({ _id: data.pairId }, { $inc: { viewCount: 1 } });
    },
    EchoGiven: ({ data }, db) => adjustEchoes(db, data.responseId, 1),
    EchoWithdrawn: ({ data }, db) => adjustEchoes(db, data.responseId, -1),
  },
});
