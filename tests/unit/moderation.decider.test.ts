import { describe, expect, it } from 'vitest';
import type { ModerationEvent } from '../../domain/moderation/events';
import {
  moderationDecider,
  moderationStreamId,
  type ReportItem,
  type ResolveReports,
} from '../../domain/moderation/moderation';
import type { ReportReason } from '../../domain/contracts/reports';
import { specFor } from '../support/given-when-then';

const given = specFor(moderationDecider);
const at = new Date('2026-11-22T15:00:00Z');
const target = { kind: 'response' as const, id: 'r1' };
const item = { target, authorId: 'alice', questionId: 7, parentId: null };

const report = (reporterId: string, reason: ReportReason = 'harassment'): ReportItem => ({
  type: 'ReportItem',
  ...item,
  reportId: `report-${reporterId}`,
  reporterId,
  reporterPseudonym: `P-${reporterId}`,
  reason,
  text: null,
  holdThreshold: 3,
  at,
});
const reported = (reporterId: string, reason: ReportReason = 'harassment'): ModerationEvent => ({
  type: 'ItemReported',
  data: {
    reportId: `report-${reporterId}`,
    ...item,
    reporterId,
    reporterPseudonym: `P-${reporterId}`,
    reason,
    text: null,
    at: at.toISOString(),
  },
});
const visibility = (
  previous: 'visible' | 'held' | 'hidden' | 'removed',
  next: 'visible' | 'held' | 'hidden' | 'removed',
  cause: 'reports' | 'analyzer' | 'moderator',
  reason: ReportReason | 'analyzer',
  by: string | null = null,
): ModerationEvent => ({
  type: 'ItemVisibilityChanged',
  data: { ...item, previous, visibility: next, cause, reason, by, at: at.toISOString() },
});
const resolve = (action: ResolveReports['action'], note: string | null = null): ResolveReports => ({
  type: 'ResolveReports',
  target,
  action,
  by: 'root',
  note,
  at,
});

describe('reporting an item', () => {
  it('lives on the item’s own moderation stream', () => {
    expect(moderationStreamId(target)).toBe('moderation-response-r1');
    expect(moderationStreamId({ kind: 'chat', id: 'm1' })).toBe('moderation-chat-m1');
  });

  it('records a report', () => {
    given([])
      .when(report('bob'))
      .then([reported('bob')]);
  });

  it('refuses a second open report by the same person, and one’s own item', () => {
    given([reported('bob')])
      .when(report('bob', 'spam'))
      .thenFails('conflict', /already/);
    given([]).when(report('alice')).thenFails('forbidden');
  });

  it('holds the item pending review at the threshold of distinct reporters', () => {
    given([reported('bob', 'spam'), reported('carol', 'hate')])
      .when(report('dave', 'hate'))
      .then([reported('dave', 'hate'), visibility('visible', 'held', 'reports', 'hate')]);
  });

  it('does not hold below the threshold, nor hold again', () => {
    given([reported('bob')])
      .when(report('carol'))
      .then([reported('carol')]);
    given([
      reported('bob'),
      reported('carol'),
      reported('dave'),
      visibility('visible', 'held', 'reports', 'harassment'),
    ])
      .when(report('erin'))
      .then([reported('erin')]);
  });

  it('lets a person report again once their report was resolved, never a removed item', () => {
    const resolved: ModerationEvent = {
      type: 'ReportsResolved',
      data: {
        ...item,
        action: 'dismiss',
        reportIds: ['report-bob'],
        previous: 'visible',
        visibility: 'visible',
        reason: 'harassment',
        by: 'root',
        note: null,
        at: at.toISOString(),
      },
    };
    given([reported('bob'), resolved])
      .when(report('bob'))
      .then([reported('bob')]);
    given([reported('bob'), visibility('visible', 'removed', 'moderator', 'harassment', 'root')])
      .when(report('carol'))
      .thenFails('not_found');
  });
});

describe('the analyzer’s hold', () => {
  const hold = { type: 'HoldItem' as const, ...item, at };

  it('holds a visible item for review, once', () => {
    given([])
      .when(hold)
      .then([visibility('visible', 'held', 'analyzer', 'analyzer')]);
    given([visibility('visible', 'held', 'analyzer', 'analyzer')])
      .when(hold)
      .thenNothing();
  });

  it('never holds what a moderator decided on', () => {
    given([
      visibility('visible', 'held', 'analyzer', 'analyzer'),
      {
        type: 'ReportsResolved',
        data: {
          ...item,
          action: 'restore',
          reportIds: [],
          previous: 'held',
          visibility: 'visible',
          reason: 'analyzer',
          by: 'root',
          note: null,
          at: at.toISOString(),
        },
      },
      visibility('held', 'visible', 'moderator', 'analyzer', 'root'),
    ])
      .when(hold)
      .thenNothing();
  });
});

describe('an admin’s decision', () => {
  const resolved = (
    action: ResolveReports['action'],
    previous: 'visible' | 'held' | 'hidden',
    next: 'visible' | 'held' | 'hidden' | 'removed',
    reportIds: string[],
    reason: ReportReason | 'analyzer' = 'harassment',
    note: string | null = null,
  ): ModerationEvent => ({
    type: 'ReportsResolved',
    data: {
      ...item,
      action,
      reportIds,
      previous,
      visibility: next,
      reason,
      by: 'root',
      note,
      at: at.toISOString(),
    },
  });

  it('hides a reported item with the reporters’ leading reason, closing the reports', () => {
    given([reported('bob', 'spam'), reported('carol', 'threat'), reported('dave', 'threat')])
      .when(resolve('hide', 'Threatening'))
      .then([
        resolved(
          'hide',
          'visible',
          'hidden',
          ['report-bob', 'report-carol', 'report-dave'],
          'threat',
          'Threatening',
        ),
        visibility('visible', 'hidden', 'moderator', 'threat', 'root'),
      ]);
  });

  it('removes a hidden item, restores a held one, dismisses reports', () => {
    const hidden = [reported('bob'), visibility('visible', 'hidden', 'moderator', 'harassment')];
    given(hidden)
      .when(resolve('remove'))
      .then([
        resolved('remove', 'hidden', 'removed', ['report-bob']),
        visibility('hidden', 'removed', 'moderator', 'harassment', 'root'),
      ]);
    given([visibility('visible', 'held', 'analyzer', 'analyzer')])
      .when(resolve('restore'))
      .then([
        resolved('restore', 'held', 'visible', [], 'analyzer'),
        visibility('held', 'visible', 'moderator', 'analyzer', 'root'),
      ]);
    given([reported('bob')])
      .when(resolve('dismiss'))
      .then([resolved('dismiss', 'visible', 'visible', ['report-bob'])]);
  });

  it('ends a hold caused by reports when they are dismissed', () => {
    given([
      reported('bob'),
      reported('carol'),
      reported('dave'),
      visibility('visible', 'held', 'reports', 'harassment'),
    ])
      .when(resolve('dismiss'))
      .then([
        resolved('dismiss', 'held', 'visible', ['report-bob', 'report-carol', 'report-dave']),
        visibility('held', 'visible', 'moderator', 'harassment', 'root'),
      ]);
  });

  it('refuses what the item’s state does not allow', () => {
    given([]).when(resolve('hide')).thenFails('not_found');
    given([reported('bob')])
      .when(resolve('restore'))
      .thenFails('conflict');
    const hidden = [reported('bob'), visibility('visible', 'hidden', 'moderator', 'harassment')];
    given(hidden).when(resolve('hide')).thenFails('conflict');
    given([...hidden, resolved('hide', 'visible', 'hidden', ['report-bob'])])
      .when(resolve('dismiss'))
      .thenFails('conflict', /Nothing|no open/i);
    given([reported('bob'), visibility('visible', 'removed', 'moderator', 'harassment')])
      .when(resolve('restore'))
      .thenFails('conflict');
  });
});
