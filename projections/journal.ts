import { personalTopic } from '../domain/contracts/topics';
import type { EntryType } from '../domain/contracts/journal';
import type { Doc } from '../infra/read-store/read-store';
import { collection, projection } from './engine/define';

/**
 * `_id` is the entry's id. The text is what its owner wrote, opened from the log's sealed
 * fields; only the owner's queries read it.
 */
export type JournalEntryDoc = Doc & {
  personId: string;
  title: string | null;
  content: string;
  mood: string | null;
  tags: string[];
  entryType: EntryType;
  createdAt: string;
  updatedAt: string;
  /** MM-DD of the product day it was written on, and that day ("On this day"). */
  monthDay: string;
  dayOfMonth: string;
  day: string;
};

/** Each person's private journal; gone when they erase their data. */
export const journalProjection = projection({
  name: 'journal',
  version: 1,
  collections: {
    journal_entries: collection<JournalEntryDoc>(
      { key: { personId: 1, createdAt: -1 } },
      { key: { personId: 1, dayOfMonth: 1, createdAt: -1 } },
    ),
  },
  on: {
    JournalEntryWritten: async ({ data }, db) => {
      // Written by someone who has since erased their data: nothing to keep.
      if (data.content === null) return;
      await db.journal_entries.upsertOne({
        _id: data.entryId,
        personId: data.personId,
        title: data.title,
        content: data.content,
        mood: data.mood,
        tags: data.tags ?? [],
        entryType: data.entryType,
        createdAt: data.at,
        updatedAt: data.at,
        monthDay: data.day.slice(5),
        dayOfMonth: data.day.slice(8),
        day: data.day,
      });
      db.notify(personalTopic.internalName('journal', data.personId));
    },
    JournalEntryEdited: async ({ data }, db) => {
      if (data.content === null) return;
      await db.journal_entries.updateOne(
        { _id: data.entryId },
        {
          $set: {
            title: data.title,
            content: data.content,
            mood: data.mood,
            tags: data.tags ?? [],
            updatedAt: data.at,
          },
        },
      );
      db.notify(personalTopic.internalName('journal', data.personId));
    },
    JournalEntryDeleted: async ({ data }, db) => {
      await db.journal_entries.deleteOne({ _id: data.entryId });
      db.notify(personalTopic.internalName('journal', data.personId));
    },
    PersonErased: async ({ data }, db) => {
      await db.journal_entries.deleteMany({ personId: data.personId });
    },
  },
});
