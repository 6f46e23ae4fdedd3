/** What an audit entry records, by the kind of thing it was done to. */
export const AUDIT_ACTIONS = [
  'admin.signed-in',
  'admin.sign-in-failed',
  'admin.signed-out',
  'admin.added',
  'admin.removed',
  'idea.added',
  'idea.approved',
  'idea.rejected',
  'idea.reopened',
  'idea.edited',
  'idea.voted',
  'idea.promoted',
  'idea.deleted',
  'submission.reviewed',
  'submission.deleted',
  'submission.used',
  'idea.used',
  'question.set-today',
  'question.scheduled',
  'question.drafted',
  'question.edited',
  'question.deleted',
  'content.rejected',
  'dilemma.created',
  'dilemma.choice-added',
  'dilemma.archetype-linked',
  'dilemma.activated',
  'dilemma.scheduled',
  'dilemma.deleted',
  'content.reported',
  'content.held',
  'content.hidden',
  'content.removed',
  'content.dismissed',
  'content.restored',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** The actor of the analyzer's refusals. */
export const ANALYZER_ACTOR = 'analyzer';

/** The actor of a member's report (their pseudonym then is in `after.reporter`). */
export const MEMBER_ACTOR = 'member';
/** The actor of a hold by enough reporters: no one decided it. */
export const AUTOMATIC_ACTOR = 'automatic';

/** The actor of a failed admin sign-in: whoever it was, they never signed in. */
export const ANONYMOUS_ACTOR = 'anonymous';
/** The target of failed sign-ins under a name no admin has (the name itself is never kept). */
export const UNKNOWN_ADMIN_NAME = '(unknown name)';

export type { AuditQuery } from './schemas/audit';

/** Field values before and after a change (only the fields that changed). */
export type AuditValues = Record<string, string | number | boolean | null>;

export type AuditEntryDto = {
  id: string;
  at: string;
  /**
   * The admin's username, 'analyzer', 'anonymous' (a failed admin sign-in), 'member' (a
   * report) or 'automatic' (a hold by enough reporters).
   */
  admin: string;
  action: AuditAction;
  targetKind:
    'admin' | 'idea' | 'submission' | 'question' | 'response' | 'reply' | 'chat' | 'dilemma';
  targetId: string;
  reason: string | null;
  before: AuditValues | null;
  after: AuditValues | null;
};
