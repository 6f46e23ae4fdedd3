import type { Sealed } from '../domain/accounts/events';
import { LIVE_CHAT_HISTORY } from '../domain/contracts/mini-live-chat';
import type {
  ModerationReason,
  ReportReason,
  ReportTarget,
  Visibility,
} from '../domain/contracts/reports';
import { personalTopic, sharedTopics } from '../domain/contracts/topics';
import { queueItemId } from '../domain/moderation/moderation';
import type { Doc } from '../infra/read-store/read-store';
import { collection, projection, type ProjectionDb } from './engine/define';

/** Where an item stands in the queue: waiting for a decision, hidden (restorable), or done. */
export type QueueStatus = 'open' | 'hidden' | 'closed';

/** `_id` is the queue item's id (`response-<id>`): one reported or held item. */
export type QueueDoc = Doc & {
  target: ReportTarget;
  /** Internal: never sent to a client. */
  authorId: string;
  questionId: number | null;
  parentId: string | null;
  visibility: Visibility;
  status: QueueStatus;
  /**
   * The list's order within its status, as one sortable key: open items by more open reports,
   * then the oldest first; hidden ones newest first.
   */
  rank: string;
  /** Open reports, and their reasons. */
  reportCount: number;
  reasons: Partial<Record<ReportReason, number>>;
  heldBy: 'reports' | 'analyzer' | null;
  firstReportedAt: string | null;
  lastReportedAt: string | null;
  /** Since when it waits (its first open report, or its hold) or was decided. */
  since: string;
  /** A chat message's author and words, still sealed: the live chat keeps only its newest. */
  chat: { pseudonym: string; content: Sealed } | null;
};

/** `_id` is the report's id. It is its reporter's: gone when they erase (the count stays). */
export type ReportDoc = Doc & {
  itemId: string;
  /** Internal: never sent to a client. */
  reporterId: string;
  reason: ReportReason;
  text: string | null;
  /** 1 while the report waits for a decision, else 0: indexed fields hold strings, numbers or null (never a boolean). */
  open: 0 | 1;
  at: string;
};

/** `_id` is the message id: one of the newest live-chat messages, as reports may name them. */
type ChatCopyDoc = Doc & {
  seq: number;
  authorId: string;
  pseudonym: string;
  content: Sealed;
  at: string;
};

/** `_id` is the queue item's id: an author told that their item is held, hidden or removed. */
export type NoticeDoc = Doc & {
  authorId: string;
  target: ReportTarget;
  visibility: 'held' | 'hidden' | 'removed';
  reason: ModerationReason;
  questionId: number | null;
  at: string;
};

/** Reports may name any message a member still sees in the live chat, and a few besides. */
const CHAT_COPIES = LIVE_CHAT_HISTORY * 4;

const collections = {
  moderation_queue: collection<QueueDoc>({ key: { status: 1, rank: 1 } }, { key: { authorId: 1 } }),
  moderation_reports: collection<ReportDoc>(
    { key: { itemId: 1, open: 1, at: 1 } },
    { key: { reporterId: 1 } },
  ),
  moderation_chat_copies: collection<ChatCopyDoc>({ key: { seq: -1 } }, { key: { authorId: 1 } }),
  moderation_notices: collection<NoticeDoc>({ key: { authorId: 1, at: -1 } }),
};

type Db = ProjectionDb<typeof collections>;

const LATEST = 9_999_999_999_999;

const placed = (doc: QueueDoc): QueueDoc => {
  const waiting = doc.reportCount > 0 || doc.visibility === 'held';
  const status: QueueStatus = waiting ? 'open' : doc.visibility === 'hidden' ? 'hidden' : 'closed';
  const rank =
    status === 'open'
      ? `${String(1e6 - doc.reportCount).padStart(7, '0')}.${doc.since}.${doc._id}`
      : `${String(LATEST - Date.parse(doc.since)).padStart(13, '0')}.${doc._id}`;
  return { ...doc, status, rank };
};

const itemOf = async (
  db: Db,
  data: {
    target: ReportTarget;
    authorId: string;
    questionId: number | null;
    parentId: string | null;
  },
  at: string,
): Promise<QueueDoc> => {
  const _id = queueItemId(data.target);
  const known = await db.moderation_queue.findOne({ _id });
  if (known) return known;
  const copy =
    data.target.kind === 'chat'
      ? await db.moderation_chat_copies.findOne({ _id: data.target.id })
      : null;
  return {
    _id,
    target: data.target,
    authorId: data.authorId,
    questionId: data.questionId,
    parentId: data.parentId,
    visibility: 'visible',
    status: 'closed',
    rank: '',
    reportCount: 0,
    reasons: {},
    heldBy: null,
    firstReportedAt: null,
    lastReportedAt: null,
    since: at,
    chat: copy ? { pseudonym: copy.pseudonym, content: copy.content } : null,
  };
};

const save = async (db: Db, doc: QueueDoc) => {
  await db.moderation_queue.upsertOne(placed(doc));
  db.notify(sharedTopics.adminReports.name());
};

const tellAuthor = (db: Db, authorId: string) =>
  db.notify(personalTopic.internalName('moderation', authorId));

/** Its author took it down themselves (or their data went): it leaves the queue. */
const gone = async (db: Db, target: ReportTarget) => {
  const doc = await db.moderation_queue.findOne({ _id: queueItemId(target) });
  if (!doc || doc.visibility === 'removed') return;
  await save(db, { ...doc, visibility: 'removed', reportCount: 0, reasons: {}, heldBy: null });
  await db.moderation_notices.deleteOne({ _id: doc._id });
  tellAuthor(db, doc.authorId);
};

/**
 * The review queue (`GET /api/admin/reports`): each reported or held item with its open
 * reports, and what each author is told about their own items. The reported words are read
 * where they live (answers, replies), so an author's erasure takes them from here too; a
 * chat message's are copied, sealed, as the live chat keeps only its newest.
 */
export const moderationQueueProjection = projection({
  name: 'moderation-queue',
  version: 1,
  collections,
  on: {
    ItemReported: async ({ data }, db) => {
      const doc = await itemOf(db, data, data.at);
      await db.moderation_reports.upsertOne({
        _id: data.reportId,
        itemId: doc._id,
        reporterId: data.reporterId,
        reason: data.reason,
        text: data.text,
        open: 1,
        at: data.at,
      });
      await save(db, {
        ...doc,
        reportCount: doc.reportCount + 1,
        reasons: { ...doc.reasons, [data.reason]: (doc.reasons[data.reason] ?? 0) + 1 },
        firstReportedAt: doc.firstReportedAt ?? data.at,
        lastReportedAt: data.at,
        since: doc.reportCount === 0 && doc.visibility !== 'held' ? data.at : doc.since,
      });
    },
    ItemVisibilityChanged: async ({ data }, db) => {
      const doc = await itemOf(db, data, data.at);
      await save(db, {
        ...doc,
        visibility: data.visibility,
        heldBy:
          data.visibility === 'held' ? (data.cause === 'analyzer' ? 'analyzer' : 'reports') : null,
        since: data.visibility === 'held' && doc.reportCount > 0 ? doc.since : data.at,
      });
      if (data.visibility === 'visible') await db.moderation_notices.deleteOne({ _id: doc._id });
      else {
        await db.moderation_notices.upsertOne({
          _id: doc._id,
          authorId: data.authorId,
          target: data.target,
          visibility: data.visibility,
          reason: data.reason,
          questionId: data.questionId,
          at: data.at,
        });
      }
      tellAuthor(db, data.authorId);
    },
    ReportsResolved: async ({ data }, db) => {
      const doc = await itemOf(db, data, data.at);
      for (const reportId of data.reportIds) {
        await db.moderation_reports.updateOne({ _id: reportId }, { $set: { open: 0 } });
      }
      await save(db, { ...doc, reportCount: 0, reasons: {}, since: data.at });
    },
    ResponseDeleted: ({ data }, db) => gone(db, { kind: 'response', id: data.responseId }),
    ReplyDeleted: ({ data }, db) => gone(db, { kind: 'reply', id: data.replyId }),
    MiniLiveMessagePosted: async ({ data, position }, db) => {
      const seq = Number(position);
      await db.moderation_chat_copies.upsertOne({
        _id: data.messageId,
        seq,
        authorId: data.authorId,
        pseudonym: data.pseudonym,
        content: data.content,
        at: data.at,
      });
      const [oldest] = await db.moderation_chat_copies.find(
        {},
        { sort: { seq: -1 }, skip: CHAT_COPIES, limit: 1 },
      );
      if (oldest) await db.moderation_chat_copies.deleteMany({ seq: { $lte: oldest.seq } });
    },
    PersonErased: async ({ data }, db) => {
      const theirs = await db.moderation_queue.deleteMany({ authorId: data.personId });
      await db.moderation_notices.deleteMany({ authorId: data.personId });
      await db.moderation_chat_copies.deleteMany({ authorId: data.personId });
      // Their reports stay counted on their items; what they wrote, and that it was them, go.
      await db.moderation_reports.deleteMany({ reporterId: data.personId });
      if (theirs > 0) db.notify(sharedTopics.adminReports.name());
    },
  },
});
