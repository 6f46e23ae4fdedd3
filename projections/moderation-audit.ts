import {
  ANALYZER_ACTOR,
  ANONYMOUS_ACTOR,
  UNKNOWN_ADMIN_NAME,
  type AuditAction,
  type AuditEntryDto,
  type AuditValues,
} from '../domain/contracts/audit';
import type { EventOfType } from '../domain/event-catalog';
import type { RecordedEvent } from '../domain/shared/events';
import type { Doc } from '../infra/read-store/read-store';
import { collection, projection, type ProjectionDb } from './engine/define';
import { eraseReporter, reportAudit, type ReporterDoc } from './moderation-audit-reports';

/**
 * One admin action (or one of the analyzer's refusals). `key` is the time and the log
 * position, so entries sort newest first and a page ends at a key.
 */
export type AuditEntryDoc = Doc & Omit<AuditEntryDto, 'id'> & { key: string };

/** Which admin a session belongs to: a sign-out names only its session. */
type AdminSessionDoc = Doc & { admin: string };
/** Whose idea or submission a target is, so an erased person's words leave the history too. */
type AuthorDoc = Doc & { authorId: string };

/** When a dilemma was created: choices that came with it belong to its creation's entry. */
type DilemmaCreationDoc = Doc & { at: string; wholeTree: boolean };

/** Sorts as the position does, whatever its length: 20 digits hold any bigint position. */
export const auditKey = (at: string, position: bigint) =>
  `${at}~${position.toString().padStart(20, '0')}`;

const collections = {
  audit_entries: collection<AuditEntryDoc>(
    { key: { key: -1 } },
    { key: { admin: 1, key: -1 } },
    { key: { action: 1, key: -1 } },
    { key: { admin: 1, action: 1, key: -1 } },
    { key: { targetId: 1, key: -1 } },
  ),
  audit_admin_sessions: collection<AdminSessionDoc>(),
  audit_authors: collection<AuthorDoc>({ key: { authorId: 1 } }),
  audit_dilemmas: collection<DilemmaCreationDoc>(),
  audit_reporters: collection<ReporterDoc>({ key: { personId: 1 } }),
};

type Entry = Omit<AuditEntryDto, 'id' | 'reason' | 'before' | 'after'> &
  Partial<Pick<AuditEntryDto, 'reason' | 'before' | 'after'>>;

const record = async (event: RecordedEvent, db: ProjectionDb<typeof collections>, entry: Entry) => {
  await db.audit_entries.upsertOne({
    _id: event.position.toString(),
    key: auditKey(entry.at, event.position),
    reason: null,
    before: null,
    after: null,
    ...entry,
  });
};

const idea = (action: AuditAction, suggestionId: string, admin: string, at: string) => ({
  action,
  targetKind: 'idea' as const,
  targetId: suggestionId,
  admin,
  at,
});

const status = (data: {
  suggestionId: string;
  previous: string;
  reason: string | null;
  by: string;
  at: string;
}) => ({ reason: data.reason, before: { status: data.previous } });

/** A question made from a person's submission or idea is erased from the history with them. */
const creditAuthor = async (
  db: ProjectionDb<typeof collections>,
  questionId: number,
  contributionId: string | null,
) => {
  if (contributionId === null) return;
  const author = await db.audit_authors.findOne({ _id: contributionId });
  if (author)
    await db.audit_authors.upsertOne({ _id: String(questionId), authorId: author.authorId });
};

const question = (action: AuditAction, questionId: number, admin: string, at: string) => ({
  action,
  targetKind: 'question' as const,
  targetId: String(questionId),
  admin,
  at,
});

const dilemma = (action: AuditAction, dilemmaId: string, admin: string, at: string) => ({
  action,
  targetKind: 'dilemma' as const,
  targetId: dilemmaId,
  admin,
  at,
});

type Db = ProjectionDb<typeof collections>;

/** Whether a choice event came with its dilemma's creation (a whole tree from the bank). */
const cameWithCreation = async (db: Db, dilemmaId: string, at: string) => {
  const creation = await db.audit_dilemmas.findOne({ _id: dilemmaId });
  return creation !== null && creation.wholeTree && creation.at === at;
};

/** The Mini tab's actions: each names its admin; the bank's own dilemmas name none. */
const dilemmaAudit = {
  MiniDilemmaCreated: async (event: RecordedEvent<EventOfType<'MiniDilemmaCreated'>>, db: Db) => {
    const { dilemmaId, by, content, source, at } = event.data;
    await db.audit_dilemmas.upsertOne({ _id: dilemmaId, at, wholeTree: source !== 'admin' });
    if (by === null) return;
    await record(event, db, {
      ...dilemma('dilemma.created', dilemmaId, by, at),
      after: { content, source },
    });
  },
  MiniChoiceAdded: async (event: RecordedEvent<EventOfType<'MiniChoiceAdded'>>, db: Db) => {
    const { dilemmaId, choiceId, by, content, depth, at } = event.data;
    if (by === null || (await cameWithCreation(db, dilemmaId, at))) return;
    await record(event, db, {
      ...dilemma('dilemma.choice-added', dilemmaId, by, at),
      after: { choiceId, content, depth },
    });
  },
  MiniChoiceLinkedToArchetype: async (
    event: RecordedEvent<EventOfType<'MiniChoiceLinkedToArchetype'>>,
    db: Db,
  ) => {
    const { dilemmaId, choiceId, archetypeId, by, at } = event.data;
    if (by === null || (await cameWithCreation(db, dilemmaId, at))) return;
    await record(event, db, {
      ...dilemma('dilemma.archetype-linked', dilemmaId, by, at),
      after: { choiceId, archetypeId },
    });
  },
  MiniDilemmaActivated: async (
    event: RecordedEvent<EventOfType<'MiniDilemmaActivated'>>,
    db: Db,
  ) => {
    const { dilemmaId, by, day, at } = event.data;
    if (by === null) return;
    await record(event, db, { ...dilemma('dilemma.activated', dilemmaId, by, at), after: { day } });
  },
  MiniDilemmaScheduled: async (
    event: RecordedEvent<EventOfType<'MiniDilemmaScheduled'>>,
    db: Db,
  ) => {
    const { dilemmaId, by, day, at } = event.data;
    await record(event, db, {
      ...dilemma('dilemma.scheduled', dilemmaId, by, at),
      after: { scheduledDate: day },
    });
  },
  MiniDilemmaDeleted: async (event: RecordedEvent<EventOfType<'MiniDilemmaDeleted'>>, db: Db) => {
    const { dilemmaId, by, at } = event.data;
    await record(event, db, dilemma('dilemma.deleted', dilemmaId, by, at));
  },
};

export const moderationAuditProjection = projection({
  name: 'moderation-audit',
  // 4: reports, automatic holds and decisions on reported items.
  version: 4,
  collections,
  on: {
    AdminSignedIn: async (event, db) => {
      const { sessionId, username, method, at } = event.data;
      await db.audit_admin_sessions.upsertOne({ _id: sessionId, admin: username });
      await record(event, db, {
        action: 'admin.signed-in',
        targetKind: 'admin',
        targetId: username,
        admin: username,
        at,
        after: method === 'link' ? { method } : null,
      });
    },
    // One entry per name tried, address class and hour, kept at the latest count: the
    // events come at 1, 2, 4, 8, … failures, so the entry says "at least this many".
    AdminSignInFailed: async (event, db) => {
      const { username, addressClass, window, failures, at } = event.data;
      const target = username ?? UNKNOWN_ADMIN_NAME;
      await db.audit_entries.upsertOne({
        _id: `sign-in-failed:${window}:${addressClass}:${target}`,
        key: auditKey(at, event.position),
        action: 'admin.sign-in-failed',
        targetKind: 'admin',
        targetId: target,
        admin: ANONYMOUS_ACTOR,
        at,
        reason: 'Wrong username or password',
        before: null,
        after: { addressClass, failures, since: window },
      });
    },
    AdminSignedOut: async (event, db) => {
      const session = await db.audit_admin_sessions.findOne({ _id: event.data.sessionId });
      if (!session) return;
      await record(event, db, {
        action: 'admin.signed-out',
        targetKind: 'admin',
        targetId: session.admin,
        admin: session.admin,
        at: event.data.at,
      });
    },
    AdminAdded: async (event, db) => {
      const { username, by, at } = event.data;
      await record(event, db, {
        action: 'admin.added',
        targetKind: 'admin',
        targetId: username,
        admin: by,
        at,
      });
    },
    AdminRemoved: async (event, db) => {
      const { username, by, at } = event.data;
      await record(event, db, {
        action: 'admin.removed',
        targetKind: 'admin',
        targetId: username,
        admin: by,
        at,
      });
    },
    SuggestionMade: async (event, db) => {
      const { suggestionId, addedBy, authorId, content, category, at } = event.data;
      if (authorId !== null) {
        await db.audit_authors.upsertOne({ _id: suggestionId, authorId });
      }
      if (addedBy === null) return;
      await record(event, db, {
        ...idea('idea.added', suggestionId, addedBy, at),
        after: { content, category },
      });
    },
    SuggestionApproved: async (event, db) => {
      const { data } = event;
      await record(event, db, {
        ...idea('idea.approved', data.suggestionId, data.by, data.at),
        ...status(data),
        after: { status: 'approved' },
      });
    },
    SuggestionRejected: async (event, db) => {
      const { data } = event;
      await record(event, db, {
        ...idea('idea.rejected', data.suggestionId, data.by, data.at),
        ...status(data),
        after: { status: 'rejected' },
      });
    },
    SuggestionReopened: async (event, db) => {
      const { data } = event;
      await record(event, db, {
        ...idea('idea.reopened', data.suggestionId, data.by, data.at),
        ...status(data),
        after: { status: 'pending' },
      });
    },
    SuggestionEdited: async (event, db) => {
      const { data } = event;
      await record(event, db, {
        ...idea('idea.edited', data.suggestionId, data.by, data.at),
        before: data.before as AuditValues,
        after: data.after as AuditValues,
      });
    },
    SuggestionVoted: async (event, db) => {
      const { data } = event;
      await record(event, db, {
        ...idea('idea.voted', data.suggestionId, data.by, data.at),
        before: { vote: data.previous },
        after: { vote: data.vote },
      });
    },
    SuggestionPromoted: async (event, db) => {
      const { data } = event;
      await record(event, db, idea('idea.promoted', data.suggestionId, data.by, data.at));
    },
    SuggestionDeleted: async (event, db) => {
      const { data } = event;
      await record(event, db, idea('idea.deleted', data.suggestionId, data.by, data.at));
    },
    SubmissionSent: async ({ data }, db) => {
      await db.audit_authors.upsertOne({ _id: data.submissionId, authorId: data.authorId });
    },
    SubmissionReviewed: async (event, db) => {
      const { data } = event;
      await record(event, db, {
        action: 'submission.reviewed',
        targetKind: 'submission',
        targetId: data.submissionId,
        admin: data.by,
        at: data.at,
        before: data.before as AuditValues,
        after: data.after as AuditValues,
      });
    },
    SubmissionDeleted: async (event, db) => {
      const { data } = event;
      await record(event, db, {
        action: 'submission.deleted',
        targetKind: 'submission',
        targetId: data.submissionId,
        admin: data.by,
        at: data.at,
      });
    },
    QuestionOfTheDayActivated: async (event, db) => {
      const { data } = event;
      // The day's own activations are no one's action; an admin's choice names the admin.
      if (data.by === undefined) return;
      await record(event, db, {
        ...question('question.set-today', data.questionId, data.by, data.at),
        before: data.replaced !== undefined ? { questionId: data.replaced } : null,
        after: { day: data.day, content: data.content, category: data.category },
      });
    },
    QuestionScheduled: async (event, db) => {
      const { data } = event;
      await creditAuthor(db, data.questionId, data.submissionId);
      await record(event, db, {
        ...question('question.scheduled', data.questionId, data.by, data.at),
        after: {
          content: data.content,
          category: data.category,
          scheduledFor: data.scheduledFor,
          submissionId: data.submissionId,
        },
      });
    },
    QuestionDrafted: async (event, db) => {
      const { data } = event;
      await creditAuthor(db, data.questionId, data.submissionId);
      await record(event, db, {
        ...question('question.drafted', data.questionId, data.by, data.at),
        after: { content: data.content, category: data.category, submissionId: data.submissionId },
      });
    },
    ScheduledQuestionEdited: async (event, db) => {
      const { data } = event;
      await record(event, db, {
        ...question('question.edited', data.questionId, data.by, data.at),
        before: data.before,
        after: data.after,
      });
    },
    QuestionDeleted: async (event, db) => {
      const { data } = event;
      await record(event, db, question('question.deleted', data.questionId, data.by, data.at));
    },
    SubmissionUsed: async (event, db) => {
      const { data } = event;
      await record(event, db, {
        action: 'submission.used',
        targetKind: 'submission',
        targetId: data.submissionId,
        admin: data.by,
        at: data.at,
        before: { status: 'approved' },
        after: { status: 'used', questionId: data.questionId, scheduledFor: data.scheduledFor },
      });
    },
    SuggestionUsed: async (event, db) => {
      const { data } = event;
      await record(event, db, {
        ...idea('idea.used', data.suggestionId, data.by, data.at),
        after: { questionId: data.questionId },
      });
    },
    ContentRejected: async (event, db) => {
      const { data } = event;
      await record(event, db, {
        action: 'content.rejected',
        targetKind: data.kind,
        targetId: data.rejectionId,
        admin: ANALYZER_ACTOR,
        at: data.at,
        reason: data.reason,
        after: { questionId: data.questionId, analyzerVersion: data.analyzerVersion },
      });
    },
    ...dilemmaAudit,
    ...reportAudit(record),
    PersonErased: async ({ data }, db) => {
      await eraseReporter(db, data.personId);
      const targets = await db.audit_authors.find(
        { authorId: data.personId },
        { sort: { authorId: 1 } },
      );
      for (const target of targets) {
        await db.audit_entries.updateMany(
          { targetId: target._id },
          { $set: { before: null, after: null } },
        );
      }
      await db.audit_authors.deleteMany({ authorId: data.personId });
    },
  },
});
