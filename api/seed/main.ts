import { parseArgs } from 'node:util';
import { productDayOf } from '../../domain/shared/product-day';
import { ConfigError, loadConfig } from '../../infra/config';
import { createLogger } from '../../infra/logger';
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

const usage = `Writes a realistic community history through the command path (the real HTTP API).

usage: npm run seed -- [--days 30] [--people 500] [--seed 1]

  --days N     product days of history, ending today (1–365)
  --people N   people in the community (1–20000); they join over the first two thirds
  --seed N     random seed: the same seed writes the same community

Writes into DATA_DIR (default ./data), or EventStoreDB/MongoDB when their URLs are set.
Safe beside a running Boon on the same data: leases decide who projects.`;

const main = async () => {
  const { values } = parseArgs({
    options: {
      days: { type: 'string', default: '30' },
      people: { type: 'string', default: '500' },
      seed: { type: 'string', default: '1' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(usage);
    return;
  }
  const days = Number(values.days);
  const people = Number(values.people);
  const seed = Number(values.seed);
  if (!Number.isInteger(days) || days < 1 || days > 365)
    throw new ConfigError(['--days must be 1–365']);
  if (!Number.isInteger(people) || people < 1 || people > 20_000) {
    throw new ConfigError(['--people must be 1–20000']);
  }
  if (!Number.isInteger(seed)) throw new ConfigError(['--seed must be a whole number']);

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
  await server.close();
};

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(error instanceof ConfigError ? 2 : 1);
});
