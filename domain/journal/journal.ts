import { Map as ImmutableMap } from 'immutable';
import type { EntryType } from '../contracts/journal';
import { commandHandler } from '../shared/command-handler';
import type { Decider } from '../shared/decider';
import { limitReached, notFound } from '../shared/errors';
import { productDayOf, type DayRules, type ProductDay } from '../shared/product-day';
import type { JournalEvent } from './events';
import { acceptJournalContent, acceptMood, acceptTags, acceptTitle } from './rules';

/** One person's journal: only they write to it, so an entry id elsewhere is simply not found. */
export const journalStreamId = (personId: string) => `journal-${personId}`;

/** More entries than anyone writes in a day: a flood is refused, a diary never is. */
export const JOURNAL_ENTRIES_PER_DAY = 50;

type Writing = {
  title?: string | null | undefined;
  content: string;
  mood?: string | null | undefined;
  tags?: readonly string[] | undefined;
};

export type WriteJournalEntry = Writing & {
  type: 'WriteJournalEntry';
  entryId: string;
  personId: string;
  entryType: EntryType;
  at: Date;
};

export type EditJournalEntry = Writing & {
  type: 'EditJournalEntry';
  entryId: string;
  personId: string;
  at: Date;
};

export type DeleteJournalEntry = {
  type: 'DeleteJournalEntry';
  entryId: string;
  personId: string;
  at: Date;
};

export type JournalCommand = WriteJournalEntry | EditJournalEntry | DeleteJournalEntry;

export type JournalState = {
  /** Entry id → whether it still stands. */
  entries: ImmutableMap<string, boolean>;
  writtenOn: ImmutableMap<ProductDay, number>;
};

const accepted = (writing: Writing) => ({
  title: acceptTitle(writing.title),
  content: acceptJournalContent(writing.content),
  mood: acceptMood(writing.mood),
  tags: acceptTags(writing.tags),
});

const missing = () => notFound('Entry not found', 'There is no such journal entry.');

const evolve = (state: JournalState, event: JournalEvent): JournalState => {
  switch (event.type) {
    case 'JournalEntryWritten':
      return {
        entries: state.entries.set(event.data.entryId, true),
        writtenOn: state.writtenOn.update(event.data.day, 0, (n) => n + 1),
      };
    case 'JournalEntryEdited':
      return state;
    case 'JournalEntryDeleted':
      return { ...state, entries: state.entries.set(event.data.entryId, false) };
  }
};

export const journalDecider = (
  rules: DayRules,
): Decider<JournalCommand, JournalEvent, JournalState> => ({
  initialState: () => ({ entries: ImmutableMap(), writtenOn: ImmutableMap() }),
  evolve,
  readsPersonalFields: false,
  decide: (command, state) => {
    const at = command.at.toISOString();
    switch (command.type) {
      case 'WriteJournalEntry': {
        const writing = accepted(command);
        const day = productDayOf(command.at, rules);
        if (state.entries.has(command.entryId)) return [];
        if ((state.writtenOn.get(day) ?? 0) >= JOURNAL_ENTRIES_PER_DAY) {
          throw limitReached(
            'Journal limit reached',
            `You can write up to ${JOURNAL_ENTRIES_PER_DAY} entries a day.`,
          );
        }
        return [
          {
            type: 'JournalEntryWritten',
            data: {
              entryId: command.entryId,
              personId: command.personId,
              ...writing,
              entryType: command.entryType,
              day,
              at,
            },
          },
        ];
      }
      case 'EditJournalEntry': {
        if (state.entries.get(command.entryId) !== true) throw missing();
        return [
          {
            type: 'JournalEntryEdited',
            data: {
              entryId: command.entryId,
              personId: command.personId,
              ...accepted(command),
              at,
            },
          },
        ];
      }
      case 'DeleteJournalEntry': {
        if (state.entries.get(command.entryId) !== true) throw missing();
        return [
          {
            type: 'JournalEntryDeleted',
            data: { entryId: command.entryId, personId: command.personId, at },
          },
        ];
      }
    }
  },
});

/** Bound to the stream its commands address. */
export const journals = (rules: DayRules) =>
  commandHandler(journalDecider(rules), (c) => journalStreamId(c.personId));
