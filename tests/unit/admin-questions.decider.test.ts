import { describe, expect, it } from 'vitest';
import { questionBank } from '../../domain/questions/bank/questions';
import { FOCUS_TYPES, focusPool, previewQuestion } from '../../domain/questions/focus';
import {
  questionCatalogDecider,
  type CatalogCommand,
  type CatalogEvent,
} from '../../domain/questions/question-catalog';
import {
  questionOfTheDayDecider,
  type ActivateQuestionOfTheDay,
} from '../../domain/questions/question-of-the-day';
import { specFor } from '../support/given-when-then';

const at = new Date('2026-11-23T15:00:00Z');
const iso = at.toISOString();
const today = '2026-11-23';
const by = 'grace';
const text = 'Should a city ever close a road to protect a quiet neighbourhood?';

describe('an admin sets today’s question', () => {
  const given = specFor(questionOfTheDayDecider);
  const set = (id: number, answered: boolean): ActivateQuestionOfTheDay => ({
    type: 'ActivateQuestionOfTheDay',
    day: today,
    question: { id, content: `Question ${id}?`, category: 'General', submissionId: null },
    source: 'admin',
    by,
    answered,
    at,
  });
  const activated = (id: number, extra: object = {}) => ({
    type: 'QuestionOfTheDayActivated' as const,
    data: {
      day: today,
      questionId: id,
      content: `Question ${id}?`,
      category: 'General',
      submissionId: null,
      source: 'admin' as const,
      ...extra,
      at: iso,
    },
  });

  it('replaces a question nobody has answered yet, naming the admin and what it replaced', () => {
    given([activated(4)])
      .when(set(10_001, false))
      .then([activated(10_001, { by, replaced: 4 })]);
  });

  it('is refused once people have answered, offering tomorrow instead', () => {
    given([activated(4)])
      .when(set(10_001, true))
      .thenFails('conflict', /Schedule this question for tomorrow \(2026-11-24\) instead/);
  });

  it('sets the first question of a day that has none', () => {
    given([])
      .when(set(7, false))
      .then([activated(7, { by })]);
  });

  it('changes nothing when the question is already today’s', () => {
    given([activated(7)])
      .when(set(7, true))
      .thenNothing();
  });

  it('is never overridden by the day’s own activation', () => {
    given([activated(7, { by })])
      .when({ ...set(3, false), by: undefined, source: 'bank' })
      .thenNothing();
  });
});

describe('the admins’ questions (catalog)', () => {
  const given = specFor(questionCatalogDecider);
  const schedule = (scheduledFor: string, content = text): CatalogCommand => ({
    type: 'ScheduleQuestion',
    content,
    category: 'Political & Governance',
    scheduledFor,
    submissionId: null,
    today,
    by,
    at,
  });
  const scheduled = (questionId: number, scheduledFor: string): CatalogEvent => ({
    type: 'QuestionScheduled',
    data: {
      questionId,
      content: text,
      category: 'Political & Governance',
      scheduledFor,
      submissionId: null,
      by,
      at: iso,
    },
  });
  const edit = (questionId: number, changes: object, on = today): CatalogCommand => ({
    type: 'EditScheduledQuestion',
    questionId,
    changes,
    asked: false,
    today: on,
    by,
    at,
  });
  const remove = (questionId: number, asked = false, on = today): CatalogCommand => ({
    type: 'DeleteQuestion',
    questionId,
    asked,
    today: on,
    by,
    at,
  });

  it('schedules a question from tomorrow on, numbering admins’ questions from 10 001', () => {
    given([])
      .when(schedule('2026-11-24'))
      .then([scheduled(10_001, '2026-11-24')]);
    given([scheduled(10_001, '2026-11-24')])
      .when(schedule('2026-11-25'))
      .then([scheduled(10_002, '2026-11-25')]);
  });

  it('refuses today, the past, a blank question, an unknown category and a taken day', () => {
    given([]).when(schedule(today)).thenFails('invalid', 'Please pick a date from tomorrow on.');
    given([]).when(schedule('2026-11-01')).thenFails('invalid');
    given([])
      .when(schedule('2026-11-24', '  \u200b '))
      .thenFails('invalid', 'Question content cannot be empty');
    given([])
      .when({ ...schedule('2026-11-24'), category: 'Gossip' } as CatalogCommand)
      .thenFails('invalid', /categories/);
    given([scheduled(10_001, '2026-11-24')])
      .when(schedule('2026-11-24'))
      .thenFails('conflict', /Question #10001 is already scheduled for 2026-11-24/);
  });

  it('drafts a custom question (General by default is a category like any other)', () => {
    given([])
      .when({
        type: 'DraftQuestion',
        content: ` ${text} `,
        category: 'General',
        submissionId: null,
        by,
        at,
      })
      .then([
        {
          type: 'QuestionDrafted',
          data: {
            questionId: 10_001,
            content: text,
            category: 'General',
            submissionId: null,
            by,
            at: iso,
          },
        },
      ]);
  });

  it('edits a scheduled question: only what changed, before and after; the new date from tomorrow on', () => {
    given([scheduled(10_001, '2026-11-25')])
      .when(
        edit(10_001, { content: text, category: 'Justice & Rights', scheduledFor: '2026-11-26' }),
      )
      .then([
        {
          type: 'ScheduledQuestionEdited',
          data: {
            questionId: 10_001,
            before: { category: 'Political & Governance', scheduledFor: '2026-11-25' },
            after: { category: 'Justice & Rights', scheduledFor: '2026-11-26' },
            by,
            at: iso,
          },
        },
      ]);
    given([scheduled(10_001, '2026-11-25')])
      .when(edit(10_001, { content: text }))
      .thenNothing();
    given([scheduled(10_001, '2026-11-25')])
      .when(edit(10_001, { scheduledFor: today }))
      .thenFails('invalid');
    given([scheduled(10_001, '2026-11-25'), scheduled(10_002, '2026-11-26')])
      .when(edit(10_001, { scheduledFor: '2026-11-26' }))
      .thenFails('conflict');
  });

  it('schedules a draft given a date; a draft already asked stays as it was', () => {
    const drafted: CatalogEvent = {
      type: 'QuestionDrafted',
      data: {
        questionId: 10_001,
        content: text,
        category: 'General',
        submissionId: 'sub-1',
        by,
        at: iso,
      },
    };
    given([drafted])
      .when(edit(10_001, { scheduledFor: '2026-11-24' }))
      .then([
        {
          type: 'ScheduledQuestionEdited',
          data: {
            questionId: 10_001,
            before: { scheduledFor: null },
            after: { scheduledFor: '2026-11-24' },
            by,
            at: iso,
          },
        },
      ]);
    given([drafted])
      .when({ ...edit(10_001, { scheduledFor: '2026-11-24' }), asked: true } as CatalogCommand)
      .thenFails('conflict');
  });

  it('refuses editing or deleting a question whose day has come, or one that does not exist', () => {
    given([scheduled(10_001, '2026-11-24')])
      .when(edit(10_001, { content: 'Another question?' }, '2026-11-24'))
      .thenFails('conflict', /archive/);
    given([scheduled(10_001, '2026-11-24')])
      .when(remove(10_001, false, '2026-11-24'))
      .thenFails('conflict');
    given([])
      .when(edit(10_009, { content: text }))
      .thenFails('not_found');
    given([]).when(remove(10_009)).thenFails('not_found');
  });

  it('deletes a planned question once; a draft already asked stays', () => {
    const deleted: CatalogEvent = {
      type: 'QuestionDeleted',
      data: { questionId: 10_001, by, at: iso },
    };
    given([scheduled(10_001, '2026-11-25')])
      .when(remove(10_001))
      .then([deleted]);
    given([scheduled(10_001, '2026-11-25'), deleted])
      .when(remove(10_001))
      .thenFails('not_found');
    given([
      {
        type: 'QuestionDrafted',
        data: {
          questionId: 10_001,
          content: text,
          category: 'General',
          submissionId: null,
          by,
          at: iso,
        },
      },
    ])
      .when(remove(10_001, true))
      .thenFails('conflict');
  });
});

describe('previews from the question bank', () => {
  it('offers each focus a question with its relevant event and reasoning', () => {
    for (const focus of FOCUS_TYPES) {
      const preview = previewQuestion(questionBank, focus, new Set(), 3)!;
      expect(preview.content.length).toBeGreaterThan(0);
      expect(preview.relevantEvent.length).toBeGreaterThan(0);
      expect(preview.reasoning).toContain(focus === 'auto' ? 'Any focus' : focus);
    }
  });

  it('prefers questions not asked yet, and has none to show from an empty bank', () => {
    const pool = focusPool(questionBank, 'philosophical', new Set());
    const askedAllButOne = new Set(pool.slice(1).map((q) => q.id));
    expect(previewQuestion(questionBank, 'philosophical', askedAllButOne, 99)!.bankId).toBe(
      pool[0]!.id,
    );
    expect(previewQuestion([], 'auto', new Set(), 1)).toBeNull();
  });
});
