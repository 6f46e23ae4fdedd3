import { describe, expect, it } from 'vitest';
import type { AnyEvent } from '../../domain/event-catalog';
import { moderationAuditProjection } from '../../projections/moderation-audit';
import { projectionSpec } from '../support/projection-spec';

const at = (minute: number) => `2026-11-22T15:${String(minute).padStart(2, '0')}:00.000Z`;

const history: AnyEvent[] = [
  {
    type: 'AdminSignedIn',
    data: { sessionId: 's1', username: 'ada', method: 'password', linkTokenHash: null, at: at(0) },
  },
  {
    type: 'SuggestionMade',
    data: {
      suggestionId: 'i1',
      content: 'Should cities ban cars on weekends?',
      category: null,
      notes: null,
      authorId: 'person-1',
      authorName: 'Calm Owl',
      addedBy: null,
      at: at(1),
    },
  },
  {
    type: 'SuggestionApproved',
    data: { suggestionId: 'i1', previous: 'pending', reason: 'Timely', by: 'ada', at: at(2) },
  },
  {
    type: 'SuggestionEdited',
    data: {
      suggestionId: 'i1',
      authorId: 'person-1',
      before: { content: 'Should cities ban cars on weekends?' },
      after: { content: 'Should cities ban cars?' },
      by: 'ada',
      at: at(3),
    },
  },
  {
    type: 'ContentRejected',
    data: {
      rejectionId: 'x1',
      kind: 'reply',
      questionId: 3,
      reason: 'abusive language',
      analyzerVersion: '1',
      day: '2026-11-22',
      at: at(4),
    },
  },
  { type: 'AdminSignedOut', data: { sessionId: 's1', at: at(5) } },
];

describe('moderation audit', () => {
  it('records each admin action with who, what, when, the target and before → after', async () => {
    const { read } = await projectionSpec(moderationAuditProjection).given(history);
    const entries = await read.audit_entries.find({}, { sort: { key: -1 } });
    expect(
      entries.map(({ admin, action, targetId, reason, before, after }) => ({
        admin,
        action,
        targetId,
        reason,
        before,
        after,
      })),
    ).toEqual([
      {
        admin: 'ada',
        action: 'admin.signed-out',
        targetId: 'ada',
        reason: null,
        before: null,
        after: null,
      },
      {
        admin: 'analyzer',
        action: 'content.rejected',
        targetId: 'x1',
        reason: 'abusive language',
        before: null,
        after: { questionId: 3, analyzerVersion: '1' },
      },
      {
        admin: 'ada',
        action: 'idea.edited',
        targetId: 'i1',
        reason: null,
        before: { content: 'Should cities ban cars on weekends?' },
        after: { content: 'Should cities ban cars?' },
      },
      {
        admin: 'ada',
        action: 'idea.approved',
        targetId: 'i1',
        reason: 'Timely',
        before: { status: 'pending' },
        after: { status: 'approved' },
      },
      {
        admin: 'ada',
        action: 'admin.signed-in',
        targetId: 'ada',
        reason: null,
        before: null,
        after: null,
      },
    ]);
  });

  it('forgets an erased person’s words in the history, keeping who did what', async () => {
    const { read } = await projectionSpec(moderationAuditProjection).given([
      ...history,
      { type: 'PersonErased', data: { personId: 'person-1', at: at(6) } },
    ]);
    const edited = await read.audit_entries.findOne({ action: 'idea.edited' });
    expect(edited).toMatchObject({ admin: 'ada', targetId: 'i1', before: null, after: null });
  });
});
