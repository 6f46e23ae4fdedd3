import { describe, it } from 'vitest';
import {
  submissionDecider,
  type SendSubmission,
  type SubmissionEvent,
} from '../../domain/contributions/submissions';
import {
  suggestionDecider,
  type MakeSuggestion,
  type SuggestionEvent,
} from '../../domain/contributions/suggestions';
import { specFor } from '../support/given-when-then';

const at = new Date('2026-11-22T15:00:00Z');
const iso = at.toISOString();
const question = 'Should cities ban cars from their centres on weekends?';

describe('a person suggests a question (brainstorm)', () => {
  const given = specFor(suggestionDecider);
  const suggest = (content: string, category: string | null = null): MakeSuggestion => ({
    type: 'MakeSuggestion',
    suggestionId: 's1',
    content,
    category,
    from: 'person',
    authorId: 'person-1',
    authorName: 'Calm Owl',
    at,
  });
  const made: SuggestionEvent = {
    type: 'SuggestionMade',
    data: {
      suggestionId: 's1',
      content: question,
      category: 'Ethics & Morality',
      notes: null,
      authorId: 'person-1',
      authorName: 'Calm Owl',
      addedBy: null,
      at: iso,
    },
  };

  it('records the idea, trimmed, pending, with its author', () => {
    given([])
      .when(suggest(`  ${question}\n`, 'Ethics & Morality'))
      .then([made]);
  });

  it('refuses a blank question, fewer than 5 words and more than 100', () => {
    given([]).when(suggest('   ')).thenFails('invalid', 'Please write a question');
    given([]).when(suggest('Is it fair?')).thenFails('invalid', 'at least 5 words');
    given([])
      .when(suggest(Array.from({ length: 101 }, () => 'word').join(' ')))
      .thenFails('invalid', 'Please keep your question under 100 words.');
  });

  it('accepts exactly 5 and exactly 30 words', () => {
    given([])
      .when(suggest('one two three four five'))
      .then([
        {
          type: 'SuggestionMade',
          data: { ...made.data, content: 'one two three four five', category: null },
        },
      ]);
    const thirty = Array.from({ length: 30 }, () => 'word').join(' ');
    given([])
      .when(suggest(thirty))
      .then([{ type: 'SuggestionMade', data: { ...made.data, content: thirty, category: null } }]);
  });

  it('refuses the same idea id twice', () => {
    given([made]).when(suggest(question)).thenFails('conflict');
  });

  describe('moderation', () => {
    const approved: SuggestionEvent = {
      type: 'SuggestionApproved',
      data: { suggestionId: 's1', previous: 'pending', reason: 'Timely', by: 'ada', at: iso },
    };
    const decide = (status: 'approved' | 'rejected' | 'pending', reason?: string) => ({
      type: 'EditSuggestion' as const,
      suggestionId: 's1',
      changes: { status },
      reason,
      by: 'ada',
      at,
    });

    it('approves with the admin and the reason', () => {
      given([made]).when(decide('approved', '  Timely ')).then([approved]);
    });

    it('rejects an approved idea, saying what it was before', () => {
      given([made, approved])
        .when(decide('rejected', 'Duplicate'))
        .then([
          {
            type: 'SuggestionRejected',
            data: {
              suggestionId: 's1',
              previous: 'approved',
              reason: 'Duplicate',
              by: 'ada',
              at: iso,
            },
          },
        ]);
    });

    it('does nothing when the status is already that', () => {
      given([made, approved]).when(decide('approved')).thenNothing();
    });

    it('treats an idea whose author erased their data as gone', () => {
      const erased: SuggestionEvent = { ...made, data: { ...made.data, content: null } };
      given([erased]).when(decide('approved')).thenFails('not_found');
    });

    it('refuses a decision on an unknown or deleted idea', () => {
      given([]).when(decide('approved')).thenFails('not_found');
      given([made, { type: 'SuggestionDeleted', data: { suggestionId: 's1', by: 'ada', at: iso } }])
        .when(decide('approved'))
        .thenFails('not_found');
    });

    it('records an edit as before and after, only for what changed', () => {
      given([made])
        .when({
          type: 'EditSuggestion',
          suggestionId: 's1',
          changes: { content: 'Should cities ban cars?', category: 'Ethics & Morality' },
          by: 'ada',
          at,
        })
        .then([
          {
            type: 'SuggestionEdited',
            data: {
              suggestionId: 's1',
              authorId: 'person-1',
              before: { content: question },
              after: { content: 'Should cities ban cars?' },
              by: 'ada',
              at: iso,
            },
          },
        ]);
    });

    it('counts one vote per admin, which they may change', () => {
      const vote = (v: 'up' | 'down', by = 'ada') => ({
        type: 'VoteOnSuggestion' as const,
        suggestionId: 's1',
        vote: v,
        by,
        at,
      });
      const up: SuggestionEvent = {
        type: 'SuggestionVoted',
        data: { suggestionId: 's1', vote: 'up', previous: null, by: 'ada', at: iso },
      };
      given([made]).when(vote('up')).then([up]);
      given([made, up]).when(vote('up')).thenNothing();
      given([made, up])
        .when(vote('down'))
        .then([
          {
            type: 'SuggestionVoted',
            data: { suggestionId: 's1', vote: 'down', previous: 'up', by: 'ada', at: iso },
          },
        ]);
      given([made, up])
        .when(vote('up', 'grace'))
        .then([{ type: 'SuggestionVoted', data: { ...up.data, by: 'grace' } }]);
    });

    it('promotes approved ideas only, and once', () => {
      const promote = { type: 'PromoteSuggestion' as const, suggestionId: 's1', by: 'ada', at };
      const promoted: SuggestionEvent = {
        type: 'SuggestionPromoted',
        data: { suggestionId: 's1', by: 'ada', at: iso },
      };
      given([made]).when(promote).thenFails('conflict', 'Only approved ideas');
      given([made, approved]).when(promote).then([promoted]);
      given([made, approved, promoted]).when(promote).thenFails('conflict', 'already');
    });
  });

  it('lets an admin add a blank-free idea of any length to the board', () => {
    const add: MakeSuggestion = {
      type: 'MakeSuggestion',
      suggestionId: 's2',
      content: 'Privacy',
      category: 'cultural',
      from: 'admin',
      by: 'ada',
      notes: ' ',
      at,
    };
    given([])
      .when(add)
      .then([
        {
          type: 'SuggestionMade',
          data: {
            suggestionId: 's2',
            content: 'Privacy',
            category: 'cultural',
            notes: null,
            authorId: null,
            authorName: null,
            addedBy: 'ada',
            at: iso,
          },
        },
      ]);
    given([])
      .when({ ...add, content: '\u200b ' })
      .thenFails('invalid', 'enter an idea');
  });
});

describe('a person submits a question', () => {
  const given = specFor(submissionDecider);
  const send = (content: string): SendSubmission => ({
    type: 'SendSubmission',
    submissionId: 'q1',
    content,
    authorId: 'person-1',
    submitterName: 'Calm Owl',
    at,
  });
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
  const review = (changes: {
    status?: 'pending' | 'approved' | 'rejected';
    adminNotes?: string | null;
    content?: string;
  }) => ({ type: 'ReviewSubmission' as const, submissionId: 'q1', changes, by: 'ada', at });

  it('records it pending, trimmed', () => {
    given([])
      .when(send(` ${question} `))
      .then([sent]);
  });

  it("refuses by the submission's own rule, in the spec's words: 10 characters to 30 words", () => {
    given([]).when(send('  ')).thenFails('invalid', 'Please enter a question');
    given([]).when(send('Why lie?')).thenFails('invalid', 'at least 10 characters long');
    given([])
      .when(send(Array.from({ length: 31 }, () => 'word').join(' ')))
      .thenFails('invalid', 'Question must be 30 words or less');
  });

  it('treats a submission whose author erased their data as gone', () => {
    const erased: SubmissionEvent = { ...sent, data: { ...sent.data, content: null } };
    given([erased])
      .when(review({ status: 'approved' }))
      .thenFails('not_found');
  });

  it('records a review as before and after, with the admin', () => {
    given([sent])
      .when(review({ status: 'rejected', adminNotes: 'Off topic' }))
      .then([
        {
          type: 'SubmissionReviewed',
          data: {
            submissionId: 'q1',
            authorId: 'person-1',
            before: { status: 'pending', adminNotes: null },
            after: { status: 'rejected', adminNotes: 'Off topic' },
            by: 'ada',
            at: iso,
          },
        },
      ]);
  });

  it('records nothing for a review that changes nothing', () => {
    given([sent])
      .when(review({ status: 'pending', content: question }))
      .thenNothing();
  });

  it("holds edited content to the submission's rule", () => {
    given([sent])
      .when(review({ content: 'short' }))
      .thenFails('invalid', 'Question must be at least 10 characters long');
  });

  it('refuses to review or delete a deleted submission', () => {
    const deleted: SubmissionEvent = {
      type: 'SubmissionDeleted',
      data: { submissionId: 'q1', by: 'ada', at: iso },
    };
    given([sent])
      .when({ type: 'DeleteSubmission', submissionId: 'q1', by: 'ada', at })
      .then([deleted]);
    given([sent, deleted])
      .when(review({ status: 'approved' }))
      .thenFails('not_found');
    given([sent, deleted])
      .when({ type: 'DeleteSubmission', submissionId: 'q1', by: 'ada', at })
      .thenFails('not_found');
    given([])
      .when(review({ status: 'approved' }))
      .thenFails('not_found');
  });
});
