import { Map as ImmutableMap } from 'immutable';
import type {
  ModerationAction,
  ModerationReason,
  ReportReason,
  ReportTarget,
  Visibility,
} from '../contracts/reports';
import { REPORT_REASONS } from '../contracts/reports';
import { commandHandler } from '../shared/command-handler';
import type { Decider } from '../shared/decider';
import { conflict, forbidden, notFound } from '../shared/errors';
import type { ModerationEvent } from './events';

/**
 * One reported item's moderation: its reports, who may see it, the decisions on it. The
 * item's own moderation stream, so that reports and decisions on one item are serialised
 * while its author's stream (an answer's, a reply's) stays theirs.
 */
export const queueItemId = (target: ReportTarget) => `${target.kind}-${target.id}`;
export const moderationStreamId = (target: ReportTarget) => `moderation-${queueItemId(target)}`;

/** Distinct reporters that hold an item pending review, unless configured otherwise. */
export const DEFAULT_HOLD_THRESHOLD = 3;

/** What the item is, as the one who first reported or held it described it. */
type Item = {
  target: ReportTarget;
  authorId: string;
  questionId: number | null;
  /** For a reply: the answer it replies to. */
  parentId: string | null;
};

export type ReportItem = Item & {
  type: 'ReportItem';
  reportId: string;
  reporterId: string;
  reporterPseudonym: string;
  reason: ReportReason;
  text: string | null;
  /** Distinct open reports that hold the item pending review. */
  holdThreshold: number;
  at: Date;
};

/** The analyzer doubts an item's tone: it waits for a moderator (never after one decided). */
export type HoldItem = Item & { type: 'HoldItem'; at: Date };

export type ResolveReports = {
  type: 'ResolveReports';
  target: ReportTarget;
  action: ModerationAction;
  /** The admin's username. */
  by: string;
  note: string | null;
  at: Date;
};

export type ModerationCommand = ReportItem | HoldItem | ResolveReports;

export type ModerationState = {
  item: Item | null;
  visibility: Visibility;
  /** Open reports by reporter: one each. */
  open: ImmutableMap<string, { reportId: string; reason: ReportReason }>;
  /** Why it is held or hidden, while it is. */
  reason: ModerationReason | null;
  /** A moderator decided on it: the analyzer's doubts no longer hold it. */
  reviewed: boolean;
};

export const initialState = (): ModerationState => ({
  item: null,
  visibility: 'visible',
  open: ImmutableMap(),
  reason: null,
  reviewed: false,
});

export const evolve = (state: ModerationState, event: ModerationEvent): ModerationState => {
  const { target, authorId, questionId, parentId } = event.data;
  const item = state.item ?? { target, authorId, questionId, parentId };
  switch (event.type) {
    case 'ItemReported':
      return {
        ...state,
        item,
        open: state.open.set(event.data.reporterId, {
          reportId: event.data.reportId,
          reason: event.data.reason,
        }),
      };
    case 'ItemVisibilityChanged':
      return {
        ...state,
        item,
        visibility: event.data.visibility,
        reason: event.data.visibility === 'visible' ? null : event.data.reason,
      };
    case 'ReportsResolved':
      return { ...state, item, open: ImmutableMap(), reviewed: true };
  }
};

/** The reason most reporters gave (ties: the order of the reasons' list). */
export const leadingReason = (state: ModerationState): ModerationReason | null => {
  const counts = new Map<ReportReason, number>();
  for (const { reason } of state.open.values()) counts.set(reason, (counts.get(reason) ?? 0) + 1);
  let best: ReportReason | null = null;
  for (const reason of REPORT_REASONS) {
    if ((counts.get(reason) ?? 0) > (best ? counts.get(best)! : 0)) best = reason;
  }
  return best;
};

/** Each action and the visibilities it may start from. */
const ALLOWED_FROM: Record<ModerationAction, readonly Visibility[]> = {
  hide: ['visible', 'held'],
  remove: ['visible', 'held', 'hidden'],
  dismiss: ['visible', 'held', 'hidden'],
  restore: ['held', 'hidden'],
};

const AFTER: Record<ModerationAction, (from: Visibility) => Visibility> = {
  hide: () => 'hidden',
  remove: () => 'removed',
  // Reports found groundless: a hold they caused ends; a moderator's hide stays.
  dismiss: (from) => (from === 'held' ? 'visible' : from),
  restore: () => 'visible',
};

const report = (command: ReportItem, state: ModerationState): ModerationEvent[] => {
  if (command.reporterId === command.authorId) {
    throw forbidden('Your own', 'You cannot report what you wrote yourself.');
  }
  if (state.visibility === 'removed') {
    throw notFound('Not found', 'This was removed already.');
  }
  if (state.open.has(command.reporterId)) {
    throw conflict('Already reported', 'You reported this already. Thank you.', 'target');
  }
  const at = command.at.toISOString();
  const item = state.item ?? command;
  const reported: ModerationEvent = {
    type: 'ItemReported',
    data: {
      reportId: command.reportId,
      target: item.target,
      authorId: item.authorId,
      questionId: item.questionId,
      parentId: item.parentId,
      reporterId: command.reporterId,
      reporterPseudonym: command.reporterPseudonym,
      reason: command.reason,
      text: command.text,
      at,
    },
  };
  const after = evolve(state, reported);
  if (state.visibility !== 'visible' || after.open.size < command.holdThreshold) return [reported];
  return [
    reported,
    {
      type: 'ItemVisibilityChanged',
      data: {
        target: item.target,
        authorId: item.authorId,
        questionId: item.questionId,
        parentId: item.parentId,
        previous: 'visible',
        visibility: 'held',
        cause: 'reports',
        reason: leadingReason(after) ?? command.reason,
        by: null,
        at,
      },
    },
  ];
};

const hold = (command: HoldItem, state: ModerationState): ModerationEvent[] => {
  if (state.visibility !== 'visible' || state.reviewed) return [];
  const item = state.item ?? command;
  return [
    {
      type: 'ItemVisibilityChanged',
      data: {
        target: item.target,
        authorId: item.authorId,
        questionId: item.questionId,
        parentId: item.parentId,
        previous: 'visible',
        visibility: 'held',
        cause: 'analyzer',
        reason: 'analyzer',
        by: null,
        at: command.at.toISOString(),
      },
    },
  ];
};

const resolve = (command: ResolveReports, state: ModerationState): ModerationEvent[] => {
  const item = state.item;
  if (!item) throw notFound('Not in the queue', 'Nothing was reported or held here.');
  const { action } = command;
  const from = state.visibility;
  if (!ALLOWED_FROM[action].includes(from)) {
    throw conflict('Already decided', `This item is ${from}: it cannot be ${action}d now.`);
  }
  if (action === 'dismiss' && state.open.size === 0 && from !== 'held') {
    throw conflict('Nothing to dismiss', 'No open report or hold is left on this item.');
  }
  const visibility = AFTER[action](from);
  const reason = leadingReason(state) ?? state.reason ?? 'other';
  const at = command.at.toISOString();
  const { target, authorId, questionId, parentId } = item;
  const resolved: ModerationEvent = {
    type: 'ReportsResolved',
    data: {
      target,
      authorId,
      questionId,
      parentId,
      action,
      reportIds: [...state.open.values()].map((open) => open.reportId),
      previous: from,
      visibility,
      reason,
      by: command.by,
      note: command.note,
      at,
    },
  };
  if (visibility === from) return [resolved];
  return [
    resolved,
    {
      type: 'ItemVisibilityChanged',
      data: {
        target,
        authorId,
        questionId,
        parentId,
        previous: from,
        visibility,
        cause: 'moderator',
        reason,
        by: command.by,
        at,
      },
    },
  ];
};

export const moderationDecider: Decider<ModerationCommand, ModerationEvent, ModerationState> = {
  initialState,
  evolve,
  readsPersonalFields: false,
  decide: (command, state) => {
    switch (command.type) {
      case 'ReportItem':
        return report(command, state);
      case 'HoldItem':
        return hold(command, state);
      case 'ResolveReports':
        return resolve(command, state);
    }
  },
};

/** Bound to the stream its commands address: the reported item's own. */
export const moderations = commandHandler(moderationDecider, (c) => moderationStreamId(c.target));
