import { describe, it } from 'vitest';
import {
  submissionDecider,
  type SubmissionCommand,
  type SubmissionEvent,
} from '../../domain/contributions/submissions';
import {
  suggestionDecider,
  type SuggestionCommand,
  type SuggestionEvent,
} from '../../domain/contributions/suggestions';
import { specFor } from '../support/given-when-then';

const at = new Date('2026-11-22T15:00:00Z');
const iso = at.toISOString();
const question = 'Should cities ban cars from their centres on weekends?';
const by = 'grace';

describe('a submission becomes a question', () => {
  const given = specFor(submissionDecider);
  const sent: SubmissionEvent = {
    type: 'SubmissionSent',
    data: {
      submissionId: 'q1',
      content: question,
      authorId: 'person-1',
      submitterName: 'Calm Owl',
      at: iso,
    },
  };
  const reviewed = (status: 'approved' | 'rejected'): SubmissionEvent => ({
    type: 'SubmissionReviewed',
    data: {
      submissionId: 'q1',
      authorId: 'person-1',
      before: { status: 'pending' },
      after: { status },
      by,
      at: iso,
    },
  });
  const use = (scheduledFor: string | null): SubmissionCommand => ({
    type: 'UseSubmission',
    submissionId: 'q1',
    questionId: 10_001,
    scheduledFor,
    by,
    at,
  });
  const used = (scheduledFor: string | null): SubmissionEvent[] => [
    {
      type: 'SubmissionUsed',
      data: { submissionId: 'q1', questionId: 10_001, scheduledFor, by, at: iso },
    },
    {
      type: 'ContributionUsed',
      data: {
        contributionId: 'q1',
        kind: 'submission',
        authorId: 'person-1',
        questionId: 10_001,
        at: iso,
      },
    },
  ];

  it('once approved: converted to a draft or scheduled, crediting its author', () => {
    given([sent, reviewed('approved')])
      .when(use(null))
      .then(used(null));
    given([sent, reviewed('approved')])
      .when(use('2026-11-23'))
      .then(used('2026-11-23'));
  });

  it('is refused unless approved, in the spec’s words', () => {
    given([sent])
      .when(use(null))
      .thenFails('conflict', 'Only approved submissions can be converted to questions');
    given([sent, reviewed('rejected')])
      .when(use('2026-11-23'))
      .thenFails('conflict', 'Only approved submissions can be scheduled');
  });

  it('is used once: a used submission is no longer approved', () => {
    given([sent, reviewed('approved'), ...used(null)])
      .when(use(null))
      .thenFails('conflict');
  });

  it('is refused for a deleted or unknown submission', () => {
    given([]).when(use(null)).thenFails('not_found');
    given([
      sent,
      reviewed('approved'),
      { type: 'SubmissionDeleted', data: { submissionId: 'q1', by, at: iso } },
    ])
      .when(use(null))
      .thenFails('not_found');
  });
});

describe('an idea becomes today’s question', () => {
  const given = specFor(suggestionDecider);
  const made = (authorId: string | null): SuggestionEvent => ({
    type: 'SuggestionMade',
    data: {
      suggestionId: 's1',
      content: question,
      category: null,
      notes: null,
      authorId,
      authorName: authorId ? 'Calm Owl' : null,
      addedBy: authorId ? null : by,
      at: iso,
    },
  });
  const use: SuggestionCommand = {
    type: 'UseSuggestion',
    suggestionId: 's1',
    questionId: 10_002,
    by,
    at,
  };
  const usedEvent: SuggestionEvent = {
    type: 'SuggestionUsed',
    data: { suggestionId: 's1', questionId: 10_002, by, at: iso },
  };

  it('whatever its status, crediting a person’s idea to its author', () => {
    given([made('person-1')])
      .when(use)
      .then([
        usedEvent,
        {
          type: 'ContributionUsed',
          data: {
            contributionId: 's1',
            kind: 'suggestion',
            authorId: 'person-1',
            questionId: 10_002,
            at: iso,
          },
        },
      ]);
  });

  it('credits no one for an admin’s own idea', () => {
    given([made(null)])
      .when(use)
      .then([usedEvent]);
  });

  it('once only', () => {
    given([made(null), usedEvent])
      .when(use)
      .thenFails('conflict', 'This idea is already Question #10002.');
  });
});
