import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sealingEventStore } from '../../infra/event-store/sealing-event-store';
import { openSqliteEventStore } from '../../infra/event-store/sqlite-event-store';
import { openSqliteKeyVault } from '../../infra/key-vault/sqlite-key-vault';
import { openSqlite } from '../../infra/sqlite';

const entry = (entryId: string, personId: string, content: string) => ({
  id: `event-${entryId}`,
  type: 'JournalEntryWritten',
  data: {
    entryId,
    personId,
    title: 'A title',
    content,
    mood: null,
    tags: ['tag'],
    entryType: 'daily_reflection',
    day: '2026-11-22',
    at: '2026-11-22T15:00:00.000Z',
  },
  metadata: { v: 1 },
});

const open = async () => {
  const log = openSqliteEventStore(openSqlite(':memory:'));
  const vault = await openSqliteKeyVault(openSqlite(':memory:'), randomBytes(32));
  return { log, ...sealingEventStore(log, vault) };
};

describe('the sealing event store', () => {
  it('seals the declared fields in the log and opens them on read', async () => {
    const { log, events } = await open();
    await events.appendToStream('journal-ann', [entry('e1', 'ann', 'my secret')], 'any');
    const [raw] = await log.readAll({ maxCount: 10 });
    expect(JSON.stringify(raw!.data)).not.toContain('my secret');
    expect(JSON.stringify(raw!.data)).not.toContain('A title');
    expect((raw!.data as { entryId: string }).entryId).toBe('e1');
    const [opened] = await events.readStream('journal-ann');
    expect(opened!.data).toMatchObject({ content: 'my secret', title: 'A title', tags: ['tag'] });
  });

  it('reads a person’s sealed fields as null once their key is destroyed, and no one else’s', async () => {
    const { events, vault } = await open();
    await events.appendToStream('journal-ann', [entry('e1', 'ann', 'ann wrote')], 'any');
    await events.appendToStream('journal-bob', [entry('e2', 'bob', 'bob wrote')], 'any');
    await vault.destroy('ann');
    const all = await events.readAll({ maxCount: 10 });
    expect(all.map((e) => (e.data as { content: string | null }).content)).toEqual([
      null,
      'bob wrote',
    ]);
  });

  it('opens every field of a page whose people are more than the keys it remembers', async () => {
    const log = openSqliteEventStore(openSqlite(':memory:'));
    const vault = await openSqliteKeyVault(openSqlite(':memory:'), randomBytes(32));
    const { events } = sealingEventStore(log, vault, { maxCachedKeys: 3 });
    const people = Array.from({ length: 10 }, (_, i) => `person-${i}`);
    for (const person of people) {
      await events.appendToStream(
        `journal-${person}`,
        [entry(person, person, `${person} wrote`)],
        'any',
      );
    }
    // A fresh reader (its cache empty) of a page of ten people: no key was destroyed, so none
    // of them reads as erased.
    const reader = sealingEventStore(log, vault, { maxCachedKeys: 3 }).events;
    const page = await reader.readAll({ maxCount: 20 });
    expect(page.map((e) => (e.data as { content: string | null }).content)).toEqual(
      people.map((person) => `${person} wrote`),
    );
  });

  it('asks the vault for a page’s keys together, never one query per person', async () => {
    const log = openSqliteEventStore(openSqlite(':memory:'));
    const vault = await openSqliteKeyVault(openSqlite(':memory:'), randomBytes(32));
    const people = Array.from({ length: 50 }, (_, i) => `person-${i}`);
    const { events } = sealingEventStore(log, vault);
    for (const person of people) {
      await events.appendToStream(`journal-${person}`, [entry(person, person, 'x')], 'any');
    }
    // A fresh reader: one vault whose single lookups fail (a server pool would queue them
    // past its wait limit, as a rebuild's page of thousands of people did).
    const asked: number[] = [];
    const counting = {
      ...vault,
      find: () => Promise.reject(new Error('one query per person')),
      findMany: (subjects: readonly string[]) => {
        asked.push(subjects.length);
        return vault.findMany(subjects);
      },
    };
    const page = await sealingEventStore(log, counting).events.readAll({ maxCount: 100 });
    expect(page.map((e) => (e.data as { content: string | null }).content)).toEqual(
      people.map(() => 'x'),
    );
    expect(asked.reduce((sum, n) => sum + n, 0)).toBe(people.length);
  });

  it('seals a person’s idea, and writes an admin’s own (no subject) as it is', async () => {
    const { log, events, vault } = await open();
    const idea = (suggestionId: string, authorId: string | null, content: string) => ({
      id: `event-${suggestionId}`,
      type: 'SuggestionMade',
      data: {
        suggestionId,
        content,
        category: null,
        notes: authorId ? null : 'why it matters',
        authorId,
        authorName: authorId ? 'Calm Owl' : null,
        addedBy: authorId ? null : 'ada',
        at: '2026-11-22T15:00:00.000Z',
      },
      metadata: { v: 2 },
    });
    await events.appendToStream('suggestion-s1', [idea('s1', 'ann', 'ann asks')], 'any');
    await events.appendToStream('suggestion-s2', [idea('s2', null, 'the board asks')], 'any');
    const raw = JSON.stringify((await log.readAll({ maxCount: 10 })).map((e) => e.data));
    expect(raw).not.toContain('ann asks');
    expect(raw).toContain('the board asks');
    expect(await vault.find('null')).toBeNull();
    const opened = await events.readAll({ maxCount: 10 });
    expect(opened.map((e) => (e.data as { content: string }).content)).toEqual([
      'ann asks',
      'the board asks',
    ]);
  });

  it('leaves events without sealed fields as they are', async () => {
    const { log, events } = await open();
    const data = {
      personId: 'ann',
      badgeId: 'first-voice',
      causationId: 'x',
      at: '2026-11-22T15:00:00.000Z',
    };
    await events.appendToStream(
      'badges-ann',
      [{ id: 'b1', type: 'BadgeEarned', data, metadata: { v: 1 } }],
      'any',
    );
    expect((await log.readAll({ maxCount: 10 }))[0]!.data).toEqual(data);
  });

  it('reads and opens a long page without holding the event loop for all of it', async () => {
    const { log, events } = await open();
    // Ten people, a thousand entries each, each person’s in one append.
    for (let p = 0; p < 10; p++) {
      const personId = `person-${p}`;
      await events.appendToStream(
        `journal-${personId}`,
        Array.from({ length: 1000 }, (_, n) =>
          entry(`e${p}-${n}`, personId, `entry ${n} ${'words '.repeat(40)}`),
        ),
        'any',
      );
    }
    for (const store of [log, events]) {
      let turns = 0;
      const ticking = setInterval(() => turns++, 0);
      const page = await store.readAll({ maxCount: 10_000 });
      clearInterval(ticking);
      expect(page).toHaveLength(10_000);
      expect(page.map((e) => e.position)).toEqual(
        [...page.map((e) => e.position)].sort((a, b) => (a < b ? -1 : 1)),
      );
      // Timers ran while the page was read (and opened): it was not one piece of work.
      expect(turns).toBeGreaterThan(1);
    }
    const opened = await events.readAll({ maxCount: 10_000 });
    expect((opened[9_999]!.data as { content: string }).content).toMatch(/^entry \d+ words/);
  }, 60_000);
});
