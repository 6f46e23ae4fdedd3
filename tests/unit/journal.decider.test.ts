import { describe, it } from 'vitest';
import type { JournalEvent } from '../../domain/journal/events';
import {
  JOURNAL_ENTRIES_PER_DAY,
  journalDecider,
  type WriteJournalEntry,
} from '../../domain/journal/journal';
import { specFor } from '../support/given-when-then';

const given = specFor(journalDecider({ timeZone: 'America/New_York', startHour: 3 }));
const at = new Date('2026-11-23T07:59:00Z'); // 02:59 New York: still the product day of Nov 22
const write = (entryId: string, extra: Partial<WriteJournalEntry> = {}): WriteJournalEntry => ({
  type: 'WriteJournalEntry',
  entryId,
  personId: 'ann',
  content: 'Today I listened.',
  entryType: 'daily_reflection',
  at,
  ...extra,
});
const written = (entryId: string, day = '2026-11-22'): JournalEvent => ({
  type: 'JournalEntryWritten',
  data: {
    entryId,
    personId: 'ann',
    title: null,
    content: 'Today I listened.',
    mood: null,
    tags: [],
    entryType: 'daily_reflection',
    day,
    at: at.toISOString(),
  },
});
const deleted = (entryId: string): JournalEvent => ({
  type: 'JournalEntryDeleted',
  data: { entryId, personId: 'ann', at: at.toISOString() },
});

describe('WriteJournalEntry', () => {
  it('writes an entry on the product day, with moods and tags tidied', () => {
    given([])
      .when(write('e1'))
      .then([written('e1')]);
    given([])
      .when(write('e1', { mood: ' Peaceful ', tags: ['a', ' a', 'b'], title: '  ' }))
      .then([
        {
          type: 'JournalEntryWritten',
          data: { ...written('e1').data, mood: 'peaceful', tags: ['a', 'b'] },
        } as JournalEvent,
      ]);
  });

  it('keeps a custom mood of up to 50 characters and refuses a longer one', () => {
    given([])
      .when(write('e1', { mood: 'm'.repeat(50) }))
      .then([
        {
          type: 'JournalEntryWritten',
          data: { ...written('e1').data, mood: 'm'.repeat(50) },
        } as JournalEvent,
      ]);
    given([])
      .when(write('e1', { mood: 'm'.repeat(51) }))
      .thenFails('invalid', /at most 50 characters/);
  });

  it('refuses empty text', () => {
    given([])
      .when(write('e1', { content: '  \n ' }))
      .thenFails('invalid');
  });

  it('refuses a flood beyond the daily limit', () => {
    const day = Array.from({ length: JOURNAL_ENTRIES_PER_DAY }, (_, i) => written(`e${i}`));
    given(day).when(write('one-more')).thenFails('limit');
  });
});

describe('EditJournalEntry and DeleteJournalEntry', () => {
  it('edits and deletes a standing entry', () => {
    given([written('e1')])
      .when({ type: 'DeleteJournalEntry', entryId: 'e1', personId: 'ann', at })
      .then([deleted('e1')]);
  });

  it('does not find an entry that is not in this journal, or was deleted', () => {
    given([])
      .when({ type: 'DeleteJournalEntry', entryId: 'e1', personId: 'ann', at })
      .thenFails('not_found');
    given([written('e1'), deleted('e1')])
      .when({ type: 'EditJournalEntry', entryId: 'e1', personId: 'ann', content: 'x', at })
      .thenFails('not_found');
  });
});
