import { describe, expect, it } from 'vitest';
import { usedAs } from '../../ui/features/admin/components/used-as';

const dayText = (day: string) => `the day ${day}`;

describe('a used submission says what its question is now', () => {
  it.each([
    [{ status: 'active', day: '2026-11-23' }, 'converted to Question #7 and is now active.'],
    [
      { status: 'scheduled', day: '2026-11-24' },
      'converted to Question #7, scheduled for the day 2026-11-24.',
    ],
    [{ status: 'draft', day: null }, 'converted to Question #7, a draft not scheduled yet.'],
    [
      { status: 'archived', day: '2026-11-20' },
      'converted to Question #7, asked on the day 2026-11-20.',
    ],
    [
      { status: 'deleted', day: null },
      'converted to Question #7, which was deleted before it was asked.',
    ],
  ] as const)('%o', (question, line) => {
    expect(usedAs({ id: 7, ...question }, dayText)).toBe(`This submission was ${line}`);
  });

  it('calls only today’s question active', () => {
    for (const status of ['scheduled', 'draft', 'archived', 'deleted'] as const) {
      expect(usedAs({ id: 7, status, day: '2026-11-24' }, dayText)).not.toContain('active');
    }
  });
});
