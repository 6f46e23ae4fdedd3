import { z } from 'zod';
import { ENTRY_TYPES } from '../contracts/journal';
import { defineEvent } from '../shared/events';

const productDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** What a person wrote: sealed with their key, null once they erased their data. */
const writing = {
  title: z.string().min(1).nullable(),
  content: z.string().min(1).nullable(),
  mood: z.string().min(1).nullable(),
  tags: z.array(z.string().min(1)).nullable(),
};

const sealed = {
  subject: (data: { personId: string }) => data.personId,
  fields: ['title', 'content', 'mood', 'tags'] as const,
};

export const JournalEntryWritten = defineEvent({
  type: 'JournalEntryWritten',
  version: 1,
  schema: z.object({
    entryId: z.string().min(1),
    personId: z.string().min(1),
    ...writing,
    entryType: z.enum(ENTRY_TYPES),
    /** The product day it was written on ("On this day"). */
    day: productDay,
    at: z.iso.datetime(),
  }),
  sealed,
});

export const JournalEntryEdited = defineEvent({
  type: 'JournalEntryEdited',
  version: 1,
  schema: z.object({
    entryId: z.string().min(1),
    personId: z.string().min(1),
    ...writing,
    at: z.iso.datetime(),
  }),
  sealed,
});

export const JournalEntryDeleted = defineEvent({
  type: 'JournalEntryDeleted',
  version: 1,
  schema: z.object({
    entryId: z.string().min(1),
    personId: z.string().min(1),
    at: z.iso.datetime(),
  }),
});

type Data<D extends { schema: z.ZodType }> = z.infer<D['schema']>;
export type JournalEvent =
  | { type: 'JournalEntryWritten'; data: Data<typeof JournalEntryWritten> }
  | { type: 'JournalEntryEdited'; data: Data<typeof JournalEntryEdited> }
  | { type: 'JournalEntryDeleted'; data: Data<typeof JournalEntryDeleted> };
