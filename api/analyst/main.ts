// `npm run analyst -- sentiment --from DAY --to DAY [...]`: the sentiment figures of any
// period, replayed from the event log itself. Usage in USAGE (arguments.ts).
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, loadConfig } from '../../infra/config';
import type { EventStore } from '../../infra/event-store/event-store';
import { openSqliteEventStore } from '../../infra/event-store/sqlite-event-store';
import { openSqlite } from '../../infra/sqlite';
import { LOG_FILE } from '../stores';
import { analystRequest, USAGE } from './arguments';
import { baselineOf, exportCsv, sentimentExport } from './export';
import { progressReporter } from './progress';
import { replaySentiment } from './replay';

/** The raw log (sealed fields stay sealed: the figures read none of them). */
const openLog = async (): Promise<{ log: EventStore; close: () => void }> => {
  const config = loadConfig();
  if (config.eventStoreUrl) {
    const { openEventStoreDb } = await import('../../infra/event-store/eventstoredb-event-store');
    const log = await openEventStoreDb(config.eventStoreUrl);
    return { log, close: () => void log.close() };
  }
  const file = join(config.dataDir, LOG_FILE);
  if (!existsSync(file)) {
    throw new ConfigError([`no event log at ${file}: set DATA_DIR or EVENTSTORE_URL`]);
  }
  const db = openSqlite(file);
  return { log: openSqliteEventStore(db), close: () => db.close() };
};

const main = async () => {
  const request = analystRequest(process.argv.slice(2));
  if (request.kind === 'help') {
    console.log(USAGE);
    return;
  }
  if (request.kind === 'refused') {
    console.error(`${request.message}\n\nRun with --help for the options.`);
    process.exit(2);
  }
  const { query, out } = request;
  const { from, to, format, category } = query;
  const period = { from, to };
  const baseline = baselineOf(period);

  const { log, close } = await openLog();
  const progress = progressReporter(process.stderr);
  try {
    const tallies = await replaySentiment(log, { from: baseline.from, to }, progress.update);
    progress.done();
    const exported = sentimentExport(
      period,
      category ?? null,
      tallies.filter((t) => t.day >= from),
      tallies.filter((t) => t.day < from),
    );
    const text = format === 'csv' ? exportCsv(exported) : `${JSON.stringify(exported, null, 2)}\n`;
    if (out) writeFileSync(out, text);
    else process.stdout.write(text);
  } finally {
    close();
  }
};

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(error instanceof ConfigError ? 2 : 1);
});
