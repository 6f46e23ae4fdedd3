import { Map as ImmutableMap } from 'immutable';
import type { EventOfType } from '../event-catalog';
import { commandHandler } from '../shared/command-handler';
import type { Decider } from '../shared/decider';
import { conflict, notFound } from '../shared/errors';
import { acceptIdeaText, acceptNotes, acceptSuggestionText, type SuggestionStatus } from './rules';

/** Each idea on the brainstorm board is its own stream. */
export const suggestionStreamId = (suggestionId: string) => `suggestion-${suggestionId}`;

export type Vote = 'up' | 'down';

export type MakeSuggestion = {
  type: 'MakeSuggestion';
  suggestionId: string;
  content: string;
  category: string | null;
  at: Date;
} & (
  | { from: 'person'; authorId: string; authorName: string }
  | { from: 'admin'; by: string; notes: string | null }
);

export type EditSuggestion = {
  type: 'EditSuggestion';
  suggestionId: string;
  changes: {
    content?: string;
    category?: string | null;
    notes?: string | null;
    status?: SuggestionStatus;
  };
  /** Why the status changed (approve, reject, reopen), when the admin says. */
  reason?: string | null;
  by: string;
  at: Date;
};

type AdminAct<T extends string, Extra = object> = {
  type: T;
  suggestionId: string;
  by: string;
  at: Date;
} & Extra;

export type SuggestionCommand =
  | MakeSuggestion
  | EditSuggestion
  | AdminAct<'VoteOnSuggestion', { vote: Vote }>
  | AdminAct<'PromoteSuggestion'>
  | AdminAct<'UseSuggestion', { questionId: number }>
  | AdminAct<'DeleteSuggestion'>;

export type SuggestionEvent =
  | EventOfType<'SuggestionMade'>
  | EventOfType<'SuggestionApproved'>
  | EventOfType<'SuggestionRejected'>
  | EventOfType<'SuggestionReopened'>
  | EventOfType<'SuggestionEdited'>
  | EventOfType<'SuggestionVoted'>
  | EventOfType<'SuggestionPromoted'>
  | EventOfType<'SuggestionDeleted'>
  | EventOfType<'SuggestionUsed'>
  | EventOfType<'ContributionUsed'>;

type Text = { content: string; category: string | null; notes: string | null };

export type SuggestionState =
  | { exists: false }
  | (Text & {
      exists: true;
      deleted: boolean;
      status: SuggestionStatus;
      authorId: string | null;
      promoted: boolean;
      /** The question it became, once used. */
      usedAs: number | null;
      votes: ImmutableMap<string, Vote>;
    });

const statusEvents = {
  approved: 'SuggestionApproved',
  rejected: 'SuggestionRejected',
  pending: 'SuggestionReopened',
} as const;

const statusOf: Partial<Record<SuggestionEvent['type'], SuggestionStatus>> = {
  SuggestionApproved: 'approved',
  SuggestionRejected: 'rejected',
  SuggestionReopened: 'pending',
};

const evolve = (state: SuggestionState, event: SuggestionEvent): SuggestionState => {
  if (event.type === 'SuggestionMade') {
    const { content, category, notes, authorId } = event.data;
    // Its author erased their data (their key is gone): the idea is gone with it.
    const erased = content === null;
    return {
      exists: true,
      deleted: erased,
      status: 'pending',
      content: content ?? '',
      category,
      notes,
      authorId,
      promoted: false,
      usedAs: null,
      votes: ImmutableMap(),
    };
  }
  if (!state.exists) return state;
  const status = statusOf[event.type];
  if (status) return { ...state, status };
  switch (event.type) {
    case 'SuggestionEdited':
      return { ...state, ...event.data.after };
    case 'SuggestionVoted':
      return { ...state, votes: state.votes.set(event.data.by, event.data.vote) };
    case 'SuggestionPromoted':
      return { ...state, promoted: true };
    case 'SuggestionDeleted':
      return { ...state, deleted: true };
    case 'SuggestionUsed':
      return { ...state, usedAs: event.data.questionId };
    default:
      return state;
  }
};

const missing = () => notFound('Idea not found', 'This idea does not exist or was deleted.');

/** Any idea on the board may become today's question, once. */
export const assertIdeaUsable = (state: SuggestionState) => {
  if (!state.exists || state.deleted) throw missing();
  if (state.usedAs !== null) {
    throw conflict('Already used', `This idea is already Question #${state.usedAs}.`);
  }
  return state;
};

/** The fields an edit really changes, before and after. */
const textChanges = (state: Text, changes: EditSuggestion['changes']) => {
  const wanted: Partial<Text> = {
    ...(changes.content !== undefined ? { content: acceptIdeaText(changes.content) } : {}),
    ...(changes.category !== undefined ? { category: changes.category } : {}),
    ...(changes.notes !== undefined ? { notes: acceptNotes(changes.notes, 'notes') } : {}),
  };
  const keys = (Object.keys(wanted) as (keyof Text)[]).filter((k) => wanted[k] !== state[k]);
  return {
    before: Object.fromEntries(keys.map((k) => [k, state[k]])) as Partial<Text>,
    after: Object.fromEntries(keys.map((k) => [k, wanted[k]])) as Partial<Text>,
    changed: keys.length > 0,
  };
};

const decide = (command: SuggestionCommand, state: SuggestionState): SuggestionEvent[] => {
  const at = command.at.toISOString();
  const { suggestionId } = command;
  if (command.type === 'MakeSuggestion') {
    if (state.exists) throw conflict('Duplicate idea', 'This idea exists already.');
    const common = { suggestionId, category: command.category, at };
    const data =
      command.from === 'person'
        ? {
            ...common,
            content: acceptSuggestionText(command.content),
            notes: null,
            authorId: command.authorId,
            authorName: command.authorName,
            addedBy: null,
          }
        : {
            ...common,
            content: acceptIdeaText(command.content),
            notes: acceptNotes(command.notes, 'notes'),
            authorId: null,
            authorName: null,
            addedBy: command.by,
          };
    return [{ type: 'SuggestionMade', data }];
  }
  if (!state.exists || state.deleted) throw missing();
  const { by } = command;
  switch (command.type) {
    case 'EditSuggestion': {
      const events: SuggestionEvent[] = [];
      const next = command.changes.status;
      if (next !== undefined && next !== state.status) {
        events.push({
          type: statusEvents[next],
          data: {
            suggestionId,
            previous: state.status,
            reason: acceptNotes(command.reason, 'reason'),
            by,
            at,
          },
        });
      }
      const text = textChanges(state, command.changes);
      if (text.changed) {
        events.push({
          type: 'SuggestionEdited',
          data: {
            suggestionId,
            authorId: state.authorId,
            before: text.before,
            after: text.after,
            by,
            at,
          },
        });
      }
      return events;
    }
    case 'VoteOnSuggestion': {
      const previous = state.votes.get(by) ?? null;
      if (previous === command.vote) return [];
      return [
        { type: 'SuggestionVoted', data: { suggestionId, vote: command.vote, previous, by, at } },
      ];
    }
    case 'PromoteSuggestion':
      if (state.status !== 'approved') {
        throw conflict('Not approved', 'Only approved ideas can be promoted.');
      }
      if (state.promoted)
        throw conflict('Already promoted', 'This idea has already been promoted.');
      return [{ type: 'SuggestionPromoted', data: { suggestionId, by, at } }];
    case 'DeleteSuggestion':
      return [{ type: 'SuggestionDeleted', data: { suggestionId, by, at } }];
    case 'UseSuggestion': {
      const { authorId } = assertIdeaUsable(state);
      const { questionId } = command;
      const used: SuggestionEvent = {
        type: 'SuggestionUsed',
        data: { suggestionId, questionId, by, at },
      };
      if (authorId === null) return [used];
      const credit: SuggestionEvent = {
        type: 'ContributionUsed',
        data: { contributionId: suggestionId, kind: 'suggestion', authorId, questionId, at },
      };
      return [used, credit];
    }
  }
};

export const suggestionDecider: Decider<SuggestionCommand, SuggestionEvent, SuggestionState> = {
  initialState: () => ({ exists: false }),
  evolve,
  decide,
};

/** Bound to the stream its commands address. */
export const suggestions = commandHandler(suggestionDecider, (c) =>
  suggestionStreamId(c.suggestionId),
);
