import { productDayOf } from '../../domain/shared/product-day';
import { loadConfig } from '../../infra/config';
import { createLogger } from '../../infra/logger';
import { runCli, UsageError } from '../ops/cli';
import { startServer } from '../server';
import { contributionsSeeder } from './contributions';
import { conversationSeeder } from './conversation';
import { journalSeeder } from './journal';
import { miniSeeder } from './mini';
import { remindersSeeder } from './reminders';
import { miniAdminSeeder } from './mini-admin';
import { seededRandom } from './random';
import { momentIn, SeedWorld, type Seeder } from './world';

/** Every feature's part of the history, in the order each day is written. */
const seeders: Seeder[] = [
  conversationSeeder,
  contributionsSeeder,
  journalSeeder,
  miniSeeder,
  remindersSeeder,
  miniAdminSeeder,
];

const USAGE = `Writes a realistic community history through the command path (the real HTTP API).

usage: npm run seed -- [--days 30] [--people 500] [--seed 1]

  --days N     product days of history, ending today (1–365)
  --people N   people in the community (1–20000); they join over the first two thirds
  --seed N     random seed: the same seed writes the same community

Writes into DATA_DIR (default ./data), or EventStoreDB/MongoDB when their URLs are set.
Safe beside a running Boon on the same data: leases decide who projects.
Exit codes: 0 done, 1 failed, 2 bad arguments.`;

/** A whole number from `min` to `max`, or a UsageError naming the option. */
const wholeNumber = (option: string, given: string, min: number, max: number) => {
  const value = Number(given);
  if (!/^-?\d+$/.test(given.trim()) || value < min || value > max) {
    throw new UsageError(`--${option} must be a whole number from ${min} to ${max}`);
  }
  return value;
};

runCli(
  {
    name: 'seed',
    usage: USAGE,
    options: {
      days: { type: 'string', default: '30' },
      people: { type: 'string', default: '500' },
      seed: { type: 'string', default: '1' },
    },
  },
  async ({ values }) => {
    const days = wholeNumber('days', values.days, 1, 365);
    const people = wholeNumber('people', values.people, 1, 20_000);
    const seed = wholeNumber('seed', values.seed, -(2 ** 31), 2 ** 31 - 1);

    const config = { ...loadConfig(), port: 0, host: '127.0.0.1' };
    const today = productDayOf(new Date(), config.dayRules);
    const calendar = SeedWorld.days(today, days);
    // The clock starts on the first day written, so the log's order matches its moments.
    let now = momentIn(calendar[0]!, 0, config.dayRules);
    const server = await startServer({
      config,
      logger: createLogger('warn'),
      clock: { now: () => now },
      // One address writes the whole community: the per-address quotas would stop it.
      quotas: { enforce: () => {}, spend: () => {} },
    });
    try {
      const world = new SeedWorld(server, seededRandom(seed), (at) => (now = at), config.dayRules);
      const started = performance.now();
      for (const [i, day] of calendar.entries()) {
        const joined = Math.min(
          people,
          Math.ceil(people * (0.4 + (0.6 * (i + 1)) / Math.max(1, (days * 2) / 3))),
        );
        while (world.people.length < joined) await world.join();
        for (const seeder of seeders) await seeder.day(world, day);
        process.stderr.write(
          `\rday ${i + 1}/${days} (${day}) · ${world.people.length} people · ${world.written.toLocaleString('en')} writes   `,
        );
      }
      process.stderr.write('\n');
      const head = await server.context.events.headPosition();
      console.log(
        `Seeded ${days} days, ${world.people.length} people: ${world.written.toLocaleString('en')} ` +
          `accepted writes (log head ${head ?? 0}) in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
      );
    } finally {
      await server.close();
    }
  },
);
