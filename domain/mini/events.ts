import { z } from 'zod';
import { sealedSchema } from '../accounts/events';
import { defineEvent } from '../shared/events';

const productDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/**
 * A person finished a Mini journey: the server decided the archetype from the path. Other
 * features read it (streaks' totalMiniCompleted, badges, the profile's Journeys card).
 */
export const MiniJourneyCompleted = defineEvent({
  type: 'MiniJourneyCompleted',
  version: 1,
  schema: z.object({
    journeyId: z.string().min(1),
    dilemmaId: z.string().min(1),
    archetypeId: z.string().min(1),
    personId: z.string().min(1),
    /** The chosen choice ids, root first. */
    path: z.array(z.string().min(1)).min(1),
    day: productDay,
    at: z.iso.datetime(),
  }),
});

/** Today's result was cleared (Reset & Retry, Begin Anew): history keeps both. */
export const MiniResultReset = defineEvent({
  type: 'MiniResultReset',
  version: 1,
  schema: z.object({
    journeyId: z.string().min(1),
    dilemmaId: z.string().min(1),
    personId: z.string().min(1),
    day: productDay,
    at: z.iso.datetime(),
  }),
});

const id = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/);

const treeChoice = z.object({
  id,
  parentChoiceId: id.nullable(),
  content: z.string().min(1),
  depth: z.number().int().min(0).max(5),
  leadToArchetype: z.boolean(),
  archetypeIds: z.array(id),
});

/** A dilemma entered the catalog (written by an admin, or taken from the bank for review). */
export const MiniDilemmaCreated = defineEvent({
  type: 'MiniDilemmaCreated',
  version: 1,
  schema: z.object({
    dilemmaId: id,
    content: z.string().min(1),
    source: z.enum(['admin', 'bank', 'generated']),
    /** The admin who created it; null for the bank. */
    by: z.string().nullable(),
    at: z.iso.datetime(),
  }),
});

/** v2 names the admin who added it (null for the bank); v1 events read as null. */
const byAdmin = z.string().nullable();
const unnamed = (data: unknown) => ({ ...(data as object), by: null });

export const MiniChoiceAdded = defineEvent({
  type: 'MiniChoiceAdded',
  version: 2,
  schema: z.object({
    dilemmaId: id,
    choiceId: id,
    parentChoiceId: id.nullable(),
    content: z.string().min(1),
    depth: z.number().int().min(0).max(5),
    leadToArchetype: z.boolean(),
    by: byAdmin,
    at: z.iso.datetime(),
  }),
  upcasters: { 1: unnamed },
});

export const MiniChoiceLinkedToArchetype = defineEvent({
  type: 'MiniChoiceLinkedToArchetype',
  version: 2,
  schema: z.object({
    dilemmaId: id,
    choiceId: id,
    archetypeId: id,
    by: byAdmin,
    at: z.iso.datetime(),
  }),
  upcasters: { 1: unnamed },
});

export const MiniDilemmaScheduled = defineEvent({
  type: 'MiniDilemmaScheduled',
  version: 1,
  schema: z.object({ dilemmaId: id, day: productDay, by: z.string(), at: z.iso.datetime() }),
});

export const MiniDilemmaDeleted = defineEvent({
  type: 'MiniDilemmaDeleted',
  version: 1,
  schema: z.object({ dilemmaId: id, by: z.string(), at: z.iso.datetime() }),
});

/**
 * A product day got its dilemma. The tree travels with it, so the day's journeys are checked
 * against exactly what people were shown, whatever happens to the catalog later.
 */
export const MiniDilemmaActivated = defineEvent({
  type: 'MiniDilemmaActivated',
  version: 1,
  schema: z.object({
    day: productDay,
    dilemmaId: id,
    content: z.string().min(1),
    choices: z.array(treeChoice).min(1),
    /** 'bank' and 'schedule' never replace a day's dilemma; 'admin' may, until someone finished it. */
    source: z.enum(['bank', 'schedule', 'admin']),
    by: z.string().nullable(),
    at: z.iso.datetime(),
  }),
});

/** An archetype an admin defined (the bank's own are part of the code). */
export const MiniArchetypeDefined = defineEvent({
  type: 'MiniArchetypeDefined',
  version: 1,
  schema: z.object({
    archetypeId: id,
    name: z.string().min(1).max(100),
    description: z.string().min(1).max(2000),
    worldview: z.string().max(500),
    coreValues: z.array(z.string().min(1).max(60)).max(8),
    approach: z.string().max(1000),
    by: z.string(),
    at: z.iso.datetime(),
  }),
});

/**
 * A message in the chat of the people who reached one archetype on one dilemma.
 *
 * v2: `username` is the nickname the server gave its author in this chat (`MiniTravelerNamed`).
 * v1 carried whatever nickname the browser sent, bound to no one (two travellers could post as
 * one): it reads as null, shown as 'Anonymous Traveler'.
 */
export const MiniChatMessagePosted = defineEvent({
  type: 'MiniChatMessagePosted',
  version: 2,
  schema: z.object({
    messageId: id,
    dilemmaId: id,
    archetypeId: id,
    authorId: z.string().min(1),
    /** The author's nickname in this chat; null shows as 'Anonymous Traveler'. */
    username: z.string().max(60).nullable(),
    /** Personal free text: sealed with the author's key. */
    content: sealedSchema,
    day: productDay,
    at: z.iso.datetime(),
  }),
  upcasters: { 1: (data) => ({ ...(data as object), username: null }) },
});

/**
 * A traveller got their nickname in one Fellow Travelers chat (a dilemma's archetype): theirs
 * for good there, and no one else's.
 */
export const MiniTravelerNamed = defineEvent({
  type: 'MiniTravelerNamed',
  version: 1,
  schema: z.object({
    dilemmaId: id,
    archetypeId: id,
    personId: z.string().min(1),
    nickname: z.string().min(1).max(60),
    at: z.iso.datetime(),
  }),
});

/** A message in the live chat (/mini-chat). */
export const MiniLiveMessagePosted = defineEvent({
  type: 'MiniLiveMessagePosted',
  version: 1,
  schema: z.object({
    messageId: id,
    authorId: z.string().min(1),
    pseudonym: z.string().min(1),
    /** The author's archetype badge when they show their activity, else null. */
    archetype: z.object({ id, name: z.string().min(1) }).nullable(),
    content: sealedSchema,
    day: productDay,
    at: z.iso.datetime(),
  }),
});
