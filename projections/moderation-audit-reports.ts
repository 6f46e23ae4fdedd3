import {
  ANALYZER_ACTOR,
  AUTOMATIC_ACTOR,
  MEMBER_ACTOR,
  type AuditAction,
  type AuditEntryDto,
} from '../domain/contracts/audit';
import type { ModerationAction } from '../domain/contracts/reports';
import type { EventOfType } from '../domain/event-catalog';
import type { RecordedEvent } from '../domain/shared/events';
import type { Doc, WriteCollection } from '../infra/read-store/read-store';

/** `_id` is a report's audit entry: whose report it is, so an erasure takes their name away. */
export type ReporterDoc = Doc & { personId: string };

type Entry = Omit<AuditEntryDto, 'id' | 'reason' | 'before' | 'after'> &
  Partial<Pick<AuditEntryDto, 'reason' | 'before' | 'after'>>;

/** The audit's collections these handlers use. */
type ReportDb = {
  audit_reporters: WriteCollection<ReporterDoc>;
  audit_entries: WriteCollection<Doc & { after: AuditEntryDto['after'] }>;
};

type Recorder<Db extends ReportDb> = (event: RecordedEvent, db: Db, entry: Entry) => Promise<void>;

const ACTIONS: Record<ModerationAction, AuditAction> = {
  hide: 'content.hidden',
  remove: 'content.removed',
  dismiss: 'content.dismissed',
  restore: 'content.restored',
};

/**
 * The moderation history of reported items: every report (by the reporter's pseudonym, never
 * an id), every automatic hold, and every admin's decision with the item's visibility before
 * and after and the admin's note. A moderator's change of visibility is their decision's entry.
 */
export const reportAudit = <Db extends ReportDb>(record: Recorder<Db>) => ({
  ItemReported: async (event: RecordedEvent<EventOfType<'ItemReported'>>, db: Db) => {
    const { target, reason, reporterId, reporterPseudonym, questionId, at } = event.data;
    await record(event, db, {
      action: 'content.reported',
      targetKind: target.kind,
      targetId: target.id,
      admin: MEMBER_ACTOR,
      at,
      reason,
      after: { reporter: reporterPseudonym, questionId },
    });
    await db.audit_reporters.upsertOne({ _id: event.position.toString(), personId: reporterId });
  },
  ItemVisibilityChanged: async (
    event: RecordedEvent<EventOfType<'ItemVisibilityChanged'>>,
    db: Db,
  ) => {
    const { target, cause, previous, visibility, reason, at } = event.data;
    if (cause === 'moderator') return;
    await record(event, db, {
      action: 'content.held',
      targetKind: target.kind,
      targetId: target.id,
      admin: cause === 'analyzer' ? ANALYZER_ACTOR : AUTOMATIC_ACTOR,
      at,
      reason,
      before: { visibility: previous },
      after: { visibility },
    });
  },
  ReportsResolved: async (event: RecordedEvent<EventOfType<'ReportsResolved'>>, db: Db) => {
    const { target, action, by, reason, previous, visibility, reportIds, note, at } = event.data;
    await record(event, db, {
      action: ACTIONS[action],
      targetKind: target.kind,
      targetId: target.id,
      admin: by,
      at,
      reason,
      before: { visibility: previous, openReports: reportIds.length },
      after: { visibility, note },
    });
  },
});

/** A reporter erased their data: their reports stay counted, their pseudonym leaves them. */
export const eraseReporter = async (db: ReportDb, personId: string) => {
  const theirs = await db.audit_reporters.find({ personId });
  for (const entry of theirs) {
    await db.audit_entries.updateOne({ _id: entry._id }, { $set: { after: null } });
  }
  await db.audit_reporters.deleteMany({ personId });
};
