import { describe, it } from 'vitest';
import type { ResponseEvent } from '../../domain/responses/events';
import { responderDecider, type RespondToQuestion } from '../../domain/responses/responses';
import { specFor } from '../support/given-when-then';

const given = specFor(responderDecider({ timeZone: 'America/New_York', startHour: 3 }));

const alice = 'user-alice';
const day1Morning = new Date('2026-11-22T15:00:00Z'); // 10:00 New York, Nov 22
const day1BeforeReset = new Date('2026-11-23T07:59:00Z'); // 02:59 New York, Nov 23: still Nov 22
const day2AtReset = new Date('2026-11-23T08:00:00Z'); // 03:00 New York, Nov 23

const respond = (overrides: Partial<RespondToQuestion> = {}): RespondToQuestion => ({
  type: 'RespondToQuestion',
  responseId: 'r1',
  authorId: alice,
  pseudonym: 'Calm Owl',
  questionId: 7,
  content: 'Honesty matters more than comfort.',
  spectrumPosition: null,
  at: day1Morning,
  ...overrides,
});

const submitted = (
  overrides: Partial<Extract<ResponseEvent, { type: 'ResponseSubmitted' }>['data']> = {},
): ResponseEvent => ({
  type: 'ResponseSubmitted',
  data: {
    responseId: 'r1',
    questionId: 7,
    authorId: alice,
    pseudonym: 'Calm Owl',
    content: 'Honesty matters more than comfort.',
    spectrumPosition: null,
    day: '2026-11-22',
    at: day1Morning.toISOString(),
    ...overrides,
  },
});

describe('RespondToQuestion', () => {
  it('accepts a first response of the day', () => {
    given([]).when(respond()).then([submitted()]);
  });

  it('trims the text it records', () => {
    given([])
      .when(respond({ content: '  three small words  ' }))
      .then([submitted({ content: 'three small words' })]);
  });

  it('refuses a second response on the same product day', () => {
    given([submitted()])
      .when(respond({ responseId: 'r2', at: day1BeforeReset }))
      .thenFails('conflict', /already shared your thought today/);
  });

  it('accepts a response once the next product day starts at 03:00', () => {
    given([submitted()])
      .when(respond({ responseId: 'r2', questionId: 8, at: day2AtReset }))
      .then([
        submitted({
          responseId: 'r2',
          questionId: 8,
          day: '2026-11-23',
          at: day2AtReset.toISOString(),
        }),
      ]);
  });

  it('lets the author answer again after deleting today’s response', () => {
    given([
      submitted(),
      {
        type: 'ResponseDeleted',
        data: {
          responseId: 'r1',
          questionId: 7,
          authorId: alice,
          day: '2026-11-22',
          at: day1Morning.toISOString(),
        },
      },
    ])
      .when(respond({ responseId: 'r2' }))
      .then([submitted({ responseId: 'r2' })]);
  });

  it.each([
    ['', 'Please write something before submitting.'],
    ['   \n\t ', 'Please write something before submitting.'],
    ['two words', 'Your response must be at least 3 words.'],
    [
      Array.from({ length: 751 }, () => 'word').join(' '),
      'Your response exceeds the 750 word limit.',
    ],
  ])('refuses %j with the spec’s message', (content, message) => {
    given([]).when(respond({ content })).thenFails('invalid', message);
  });

  it('accepts exactly 3 and exactly 750 words', () => {
    given([])
      .when(respond({ content: 'one two three' }))
      .then([submitted({ content: 'one two three' })]);
    const longest = Array.from({ length: 750 }, () => 'word').join(' ');
    given([])
      .when(respond({ content: longest }))
      .then([submitted({ content: longest })]);
  });
});

describe('DeleteResponse', () => {
  const remove = {
    type: 'DeleteResponse' as const,
    responseId: 'r1',
    authorId: alice,
    at: day1Morning,
  };

  it('deletes the author’s own response', () => {
    given([submitted()])
      .when(remove)
      .then([
        {
          type: 'ResponseDeleted',
          data: {
            responseId: 'r1',
            questionId: 7,
            authorId: alice,
            day: '2026-11-22',
            at: day1Morning.toISOString(),
          },
        },
      ]);
  });

  it('refuses a response that is not in the author’s history', () => {
    given([]).when(remove).thenFails('forbidden');
  });
});
