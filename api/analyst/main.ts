// `npm run analyst -- sentiment --from DAY --to DAY [...]`: the sentiment figures of any
// period, replayed from the event log itself; `opinions --question ID [...]`: a question's
// opinion map, replayed likewise. Usage in USAGE (arguments.ts).
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { loadConfig } from '../../infra/config';
import type { EventStore } from '../../infra/event-store/event-store';
import { openSqliteEventStore } from '../../infra/event-store/sqlite-event-store';
import { openSqlite } from '../../infra/sqlite';
import { CliError, runCli } from '../ops/cli';
import { outputPath, writeOutput } from '../ops/safe-output';
import { LOG_FILE } from '../stores';
import {
  ANALYST_COMMAND,
  opinionsRequest,
  sentimentRequest,
  type OpinionsRequest,
} from './arguments';
import { baselineOf, exportCsv, sentimentExport } from './export';
import { opinionsCsv, opinionsExport } from './opinions-export';
import { replayOpinionMap } from './opinions-replay';
import { progressReporter } from './progress';
import { replaySentiment } from './replay';

/** The raw log, read only (sealed fields stay sealed: the figures read none of them). */
const openLog = async (
  eventStoreUrl: string | undefined,
  dataDir: string,
): Promise<{ log: EventStore; close: () => void }> => {
  if (eventStoreUrl) {
    const { openEventStoreDb } = await import('../../infra/event-store/eventstoredb-event-store');
    const log = await openEventStoreDb(eventStoreUrl);
    return { log, close: () => void log.close() };
  }
  const file = join(dataDir, LOG_FILE);
  if (!existsSync(file))
    throw new CliError(`no event log at ${file}: set DATA_DIR or EVENTSTORE_URL`);
  const db = openSqlite(file);
  return { log: openSqliteEventStore(db), close: () => db.close() };
};

/** A question's opinion map, replayed from the log with the server's own computation. */
const opinions = async ({ questionId, format, out, force }: OpinionsRequest) => {
  const config = loadConfig();
  const target = out ? outputPath(out, { force, dataDirs: [resolve(config.dataDir)] }) : null;
  const { log, close } = await openLog(config.eventStoreUrl, config.dataDir);
  const progress = progressReporter(process.stderr);
  try {
    const replayed = await replayOpinionMap(log, questionId, progress.update);
    progress.done();
    const exported = opinionsExport(questionId, replayed);
    const text =
      format === 'csv' ? opinionsCsv(exported) : `${JSON.stringify(exported, null, 2)}\n`;
    if (target) await writeOutput(target, text);
    else process.stdout.write(text);
  } finally {
    close();
  }
};

runCli(ANALYST_COMMAND, async (commandLine) => {
  if (commandLine.positionals[0] === 'opinions') return opinions(opinionsRequest(commandLine));
  const { query, out, force } = sentimentRequest(commandLine);
  const config = loadConfig();
  // Checked before the replay: a refused file costs no minutes of reading.
  const target = out ? outputPath(out, { force, dataDirs: [resolve(config.dataDir)] }) : null;
  const { from, to, format, category } = query;
  const period = { from, to };
  const baseline = baselineOf(period);

  const { log, close } = await openLog(config.eventStoreUrl, config.dataDir);
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
    if (target) await writeOutput(target, text);
    else process.stdout.write(text);
  } finally {
    close();
  }
});
