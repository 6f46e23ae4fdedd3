import { JOURNAL_PROMPTS, PRESET_MOODS } from '../../domain/contracts/journal';
import type { ProductDay } from '../../domain/shared/product-day';
import { inParallel, momentIn, type Seeder, type SeedWorld } from './world';

const THOUGHTS = [
  'I noticed how quickly I judged someone today, and how wrong I was.',
  'A small kindness at work changed the whole afternoon.',
  'I kept a promise that was inconvenient, and I am glad I did.',
  'I am still unsure whether I said too much in that conversation.',
  'Reading other answers made me see the question from a new side.',
  'Tired, but grateful for a long talk with an old friend.',
];
const TAGS = ['family', 'work', 'friendship', 'honesty', 'gratitude', 'doubt', 'growth'];

/** Evenings: the most active people write in their private journal now and then. */
export const journalSeeder: Seeder = {
  name: 'journal entries',
  day: async (world: SeedWorld, day: ProductDay) => {
    const { random } = world;
    world.at(momentIn(day, 0.8, world.rules));
    const writers = world.people.filter((p) => random.chance(p.activity * 0.3));
    await inParallel(writers, 8, async (writer) => {
      const fromPrompt = random.chance(0.4);
      await world.call(writer, 'POST', '/api/journal', {
        title: fromPrompt ? random.pick(JOURNAL_PROMPTS) : null,
        content: random.pick(THOUGHTS),
        mood: random.chance(0.1) ? 'quietly hopeful' : random.pick(PRESET_MOODS),
        tags: random.sample(TAGS, random.int(0, 3)),
        entryType: fromPrompt ? 'prompt_reflection' : 'daily_reflection',
      });
    });
  },
};
