import type { EventOfType } from '../event-catalog';
import { commandHandler } from '../shared/command-handler';
import type { Decider } from '../shared/decider';
import { conflict, notFound } from '../shared/errors';
import { acceptNotes, acceptSubmissionText, type SubmissionStatus } from './rules';

/** Each submitted question is its own stream. */
export const submissionStreamId = (submissionId: string) => `submission-${submissionId}`;

export type SendSubmission = {
  type: 'SendSubmission';
  submissionId: string;
  content: string;
  authorId: string;
  submitterName: string;
  at: Date;
};

export type ReviewSubmission = {
  type: 'ReviewSubmission';
  submissionId: string;
  changes: { status?: SubmissionStatus; adminNotes?: string | null; content?: string };
  by: string;
  at: Date;
};

type AdminAct<T extends string, Extra = object> = {
  type: T;
  submissionId: string;
  by: string;
  at: Date;
} & Extra;

/** An approved submission becomes question `questionId`: a draft, or scheduled for a day. */
export type UseSubmission = AdminAct<
  'UseSubmission',
  { questionId: number; scheduledFor: string | null }
>;

export type SubmissionCommand =
  SendSubmission | ReviewSubmission | UseSubmission | AdminAct<'DeleteSubmission'>;

export type SubmissionEvent =
  | EventOfType<'SubmissionSent'>
  | EventOfType<'SubmissionReviewed'>
  | EventOfType<'SubmissionDeleted'>
  | EventOfType<'SubmissionUsed'>
  | EventOfType<'ContributionUsed'>;

type Review = { status: SubmissionStatus; adminNotes: string | null; content: string };

export type SubmissionState =
  | { exists: false }
  | (Review & {
      exists: true;
      deleted: boolean;
      authorId: string;
    });

const evolve = (state: SubmissionState, event: SubmissionEvent): SubmissionState => {
  if (event.type === 'SubmissionSent') {
    return {
      exists: true,
      // Its author erased their data (their key is gone): the submission is gone with it.
      deleted: event.data.content === null,
      status: 'pending',
      adminNotes: null,
      content: event.data.content ?? '',
      authorId: event.data.authorId,
    };
  }
  if (!state.exists) return state;
  switch (event.type) {
    case 'SubmissionReviewed':
      return { ...state, ...event.data.after };
    case 'SubmissionDeleted':
      return { ...state, deleted: true };
    case 'SubmissionUsed':
      return { ...state, status: 'used' };
    case 'ContributionUsed':
      return state;
  }
};

const missing = () =>
  notFound('Submission not found', 'This submission does not exist or was deleted.');

/**
 * The spec's refusals: only approved submissions become questions. Checked before the
 * question is written, and again when the submission is marked used.
 */
export const assertUsable = (state: SubmissionState, purpose: 'convert' | 'schedule') => {
  if (!state.exists || state.deleted) throw missing();
  const usable = state;
  if (state.status !== 'approved') {
    throw conflict(
      'Not approved',
      purpose === 'convert'
        ? 'Only approved submissions can be converted to questions'
        : 'Only approved submissions can be scheduled',
    );
  }
  return usable;
};

/** Only the fields a review really changes, before and after. */
const reviewChanges = (state: Review, changes: ReviewSubmission['changes']) => {
  const wanted: Partial<Review> = {
    ...(changes.status !== undefined ? { status: changes.status } : {}),
    ...(changes.adminNotes !== undefined
      ? { adminNotes: acceptNotes(changes.adminNotes, 'adminNotes') }
      : {}),
    ...(changes.content !== undefined ? { content: acceptSubmissionText(changes.content) } : {}),
  };
  const keys = (Object.keys(wanted) as (keyof Review)[]).filter((k) => wanted[k] !== state[k]);
  return {
    before: Object.fromEntries(keys.map((k) => [k, state[k]])) as Partial<Review>,
    after: Object.fromEntries(keys.map((k) => [k, wanted[k]])) as Partial<Review>,
    changed: keys.length > 0,
  };
};

const decide = (command: SubmissionCommand, state: SubmissionState): SubmissionEvent[] => {
  const at = command.at.toISOString();
  const { submissionId } = command;
  if (command.type === 'SendSubmission') {
    if (state.exists) throw conflict('Duplicate submission', 'This submission exists already.');
    return [
      {
        type: 'SubmissionSent',
        data: {
          submissionId,
          content: acceptSubmissionText(command.content),
          authorId: command.authorId,
          submitterName: command.submitterName,
          at,
        },
      },
    ];
  }
  if (!state.exists || state.deleted) throw missing();
  const { by } = command;
  switch (command.type) {
    case 'ReviewSubmission': {
      const change = reviewChanges(state, command.changes);
      if (!change.changed) return [];
      return [
        {
          type: 'SubmissionReviewed',
          data: {
            submissionId,
            authorId: state.authorId,
            before: change.before,
            after: change.after,
            by,
            at,
          },
        },
      ];
    }
    case 'DeleteSubmission':
      return [{ type: 'SubmissionDeleted', data: { submissionId, by, at } }];
    case 'UseSubmission': {
      assertUsable(state, command.scheduledFor === null ? 'convert' : 'schedule');
      const { questionId, scheduledFor } = command;
      return [
        { type: 'SubmissionUsed', data: { submissionId, questionId, scheduledFor, by, at } },
        {
          type: 'ContributionUsed',
          data: {
            contributionId: submissionId,
            kind: 'submission',
            authorId: state.authorId,
            questionId,
            at,
          },
        },
      ];
    }
  }
};

export const submissionDecider: Decider<SubmissionCommand, SubmissionEvent, SubmissionState> = {
  initialState: () => ({ exists: false }),
  evolve,
  decide,
};

/** Bound to the stream its commands address. */
export const submissions = commandHandler(submissionDecider, (c) =>
  submissionStreamId(c.submissionId),
);
