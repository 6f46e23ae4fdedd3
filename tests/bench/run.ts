// `npm run bench`: every figure with its baseline measured in the same run; misses are reported, not hidden.
import { analyzerScreening } from './analyzer-screening';
import { appendRate } from './append-rate';
import { authCost } from './auth-cost';
import { crossProcess } from './cross-process';
import { firstPage, postgresFirstPage } from './first-page';
import { httpThroughput } from './http-throughput';
import { lighthouseScores } from './lighthouse';
import { liveLatency } from './live-latency';
import { migrationRate } from './migration-rate';
import { opinionMap } from './opinion-map';
import { miniChatFanout } from './mini-chat-fanout';
import { postgresAppend } from './postgres-append';
import { postgresHttp } from './postgres-http';
import { postgresRebuild } from './postgres-rebuild';
import { pseudonymOffers } from './pseudonym-offers';
import { pushFanout } from './push-fanout';
import { printFigure, writeReport, type Figure } from './report';
import { rebuildRate } from './rebuild-rate';
import { restart } from './restart';
import { sentimentReplay } from './sentiment-replay';
import { postgresSoak, soak } from './soak';
import { signupFlood } from './signup-flood';
import { wsFanout } from './ws-fanout';

const suites: [string, () => Promise<Figure[]>][] = [
  ['durable append rate', appendRate],
  ['PostgreSQL append rate and latency', postgresAppend],
  ['HTTP RespondToQuestion throughput', httpThroughput],
  ['PostgreSQL HTTP RespondToQuestion against SQLite', postgresHttp],
  ['append → read model / ws notice latency', liveLatency],
  ['append → ws notice through a separate API process', crossProcess],
  ['first page of answers at 10k / 200k', firstPage],
  ['PostgreSQL first page of answers at 10k / 200k', postgresFirstPage],
  ['one notice to 5,000 ws clients', wsFanout],
  ['one live chat message to 1,000 sockets', miniChatFanout],
  ['projection rebuild rate', rebuildRate],
  ['PostgreSQL rebuild of the same log against SQLite', postgresRebuild],
  ['sentiment replay from the log', () => sentimentReplay()],
  ['opinion map: computation and projection cost', opinionMap],
  ['restart on 1M events: first requests and memory', restart],
  ['migration by replay', migrationRate],
  ['account sign-in and session cost', authCost],
  ['page loads during a sign-up flood', signupFlood],
  ['pseudonym offers when names run short', pseudonymOffers],
  ['screening an answer for abuse', analyzerScreening],
  ['push fan-out of one reminder minute', pushFanout],
  ['soak: kill -9 cycles under write load', soak],
  ['PostgreSQL soak: kill -9 cycles under write load', postgresSoak],
  ['Lighthouse 12, mobile', lighthouseScores],
];

const only = process.argv[2];
const figures: Figure[] = [];
for (const [name, suite] of suites) {
  if (only && !name.includes(only)) continue;
  console.log(`\n== ${name}`);
  const results = await suite();
  results.forEach(printFigure);
  figures.push(...results);
}
writeReport(figures);
process.exit(0);
