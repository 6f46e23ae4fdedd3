import autocannon from 'autocannon';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../../api/server';
import { pseudonymStreamId, PSEUDONYM_WORDS } from '../../domain/identity/pseudonym-words';
import { loadConfig } from '../../infra/config';
import { silentLogger } from '../../infra/logger';
import type { Figure } from './report';

const SECONDS = 5;

const offersPerSecond = (url: string) =>
  new Promise<{ rate: number; errors: number; p99: number }>((resolve, reject) =>
    autocannon(
      {
        url: `${url}/api/user/generate-pseudonyms`,
        method: 'POST',
        connections: 10,
        duration: SECONDS,
      },
      (error, result) =>
        error
          ? reject(error)
          : resolve({
              rate: result['2xx'] / SECONDS,
              errors: result.non2xx + result.errors,
              p99: result.latency.p99,
            }),
    ),
  );

/**
 * Offering three free pseudonyms when every plain adjective + noun pair is taken (numbered
 * names, each candidate looked up by key) against offering them to an empty community.
 */
export const pseudonymOffers = async (): Promise<Figure[]> => {
  const dataDir = mkdtempSync(join(tmpdir(), 'boon-bench-names-'));
  const server = await startServer({
    config: loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'silent' }),
    logger: silentLogger(),
  });
  const empty = await offersPerSecond(server.url);

  const { adjectives, nouns } = PSEUDONYM_WORDS;
  const pairs = adjectives.flatMap((a) => nouns.map((n) => `${a} ${n}`));
  const { events, readModels } = server.context;
  const appended = await Promise.all(
    pairs.map((pseudonym) =>
      events.appendToStream(
        pseudonymStreamId(pseudonym),
        [
          {
            id: randomUUID(),
            type: 'PseudonymReserved',
            data: { pseudonym, deviceHash: 'f'.repeat(64), at: new Date().toISOString() },
            metadata: { v: 1 },
          },
        ],
        'no_stream',
      ),
    ),
  );
  const last = appended.reduce((max, r) => (r.position > max ? r.position : max), 0n);
  await readModels.waitFor(last, ['identity'], 30_000);
  const full = await offersPerSecond(server.url);
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });

  const ratio = full.rate / empty.rate;
  return [
    {
      name: `POST /api/user/generate-pseudonyms with all ${pairs.length} plain pairs taken`,
      value: full.rate,
      unit: 'req/s',
      baseline: empty.rate,
      baselineName: 'the same with no name taken',
      ratio,
      target: '≥ 0.5',
      met: ratio >= 0.5 && full.errors === 0 && empty.errors === 0,
      note: `p99 ${full.p99} ms vs ${empty.p99} ms`,
    },
  ];
};
