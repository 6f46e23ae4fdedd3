import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { KEY_VAULT_FILE, LOG_FILE, READ_MODELS_FILE } from '../../api/stores';
import { sealingEventStore, sealWithKey } from '../../infra/event-store/sealing-event-store';
import { openSqliteEventStore } from '../../infra/event-store/sqlite-event-store';
import { openSqliteKeyVault } from '../../infra/key-vault/sqlite-key-vault';
import { openEmbeddedReadStore } from '../../infra/read-store/embedded-read-store';
import { openSqlite } from '../../infra/sqlite';
import { spawnServer } from '../support/real-server';
import { projectWithoutReactions } from './community';
import type { Figure } from './report';
import { MILLION, writeSyntheticLog } from './synthetic-log';

const rssMiB = (pid: number) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
  return line ? Number(line[1]) / 1024 : NaN;
};

const DAY_MS = 86_400_000;

/**
 * A data directory as a long-running install leaves it: `days` of a 20,000-person community
 * ending today (answers and replies sealed with their authors' keys in the key vault), and every
 * read model built from it. Returns the directory, its key-encryption key and the event count.
 */
export const installWithHistory = async (days: number) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'boon-bench-restart-'));
  const kek = randomBytes(32);
  const keys = new Map<string, Buffer>();
  const keyOf = (subject: string) => {
    if (!keys.has(subject)) keys.set(subject, randomBytes(32));
    return keys.get(subject)!;
  };
  const firstDay = new Date(Date.now() - (days - 1) * DAY_MS).toISOString().slice(0, 10);
  const logDb = openSqlite(join(dataDir, LOG_FILE), 'NORMAL');
  const written = writeSyntheticLog(logDb, { ...MILLION, days, firstDay }, (event) =>
    sealWithKey(event, keyOf),
  );
  const vault = await openSqliteKeyVault(openSqlite(join(dataDir, KEY_VAULT_FILE), 'FULL'), kek);
  await vault.importKeys([...keys].map(([subject, key]) => ({ subject, key })));
  // Built before the restart (not measured: the rebuild bench measures building). The history
  // is taken as already analysed: reactors start at the head anyway.
  const readDb = openSqlite(join(dataDir, READ_MODELS_FILE), 'NORMAL');
  const readStore = openEmbeddedReadStore(readDb);
  const { events } = sealingEventStore(openSqliteEventStore(logDb), vault);
  await projectWithoutReactions(events, readStore);
  await readStore.close();
  await vault.close();
  readDb.close();
  logDb.close();
  return { dataDir, kek, written };
};

type Step = { name: string; ms: number; status: number | 'dropped' };

/**
 * `npm start`'s process with `env` (its data directory, key and engines): seconds to a healthy `/healthz`, then one new person's
 * first requests, each timed once (a dropped connection is recorded, not retried), and the
 * process's RSS after them.
 */
export const restartAndWalk = async (env: Record<string, string>) => {
  const started = performance.now();
  const server = await spawnServer(env, { compiled: true });
  try {
    let health: Response;
    for (;;) {
      health = await fetch(`${server.url}/healthz`).catch(
        () => new Response(null, { status: 599 }),
      );
      if (health.ok) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const healthySeconds = (performance.now() - started) / 1000;
    const deviceId = randomBytes(16).toString('base64url');
    const steps: Step[] = [];
    const call = async (name: string, path: string, body?: unknown, minPosition?: string) => {
      const t = performance.now();
      try {
        const res = await fetch(`${server.url}/api${path}`, {
          method: body === undefined ? 'GET' : 'POST',
          headers: {
            'Content-Type': 'application/json',
            'X-Device-ID': deviceId,
            ...(minPosition ? { 'X-Min-Position': minPosition } : {}),
          },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
        const json = (await res.json()) as Record<string, unknown>;
        steps.push({ name, ms: performance.now() - t, status: res.status });
        return json;
      } catch {
        steps.push({ name, ms: performance.now() - t, status: 'dropped' });
        return {};
      }
    };
    const offers = await call('pseudonym offers', '/user/generate-pseudonyms', {});
    const pseudonym = (offers.pseudonyms as string[] | undefined)?.[0];
    await call('setup', '/user/setup', { pseudonym, privacyConsent: true, termsConsent: true });
    const today = await call('today', '/question/today');
    const answer = await call('answer', '/responses', {
      questionId: today.id,
      content: 'Keeping a promise matters most when it costs something to keep.',
    });
    const position = typeof answer.position === 'string' ? answer.position : undefined;
    await call("the day's answers", `/responses/${String(today.id)}`, undefined, position);
    await call('profile', '/user/profile', undefined, position);
    await call('progress (streak)', '/user/streak', undefined, position);
    await call('badges', '/user/badges', undefined, position);
    await call('archive', '/archive/questions', undefined, position);
    return { healthySeconds, steps, rss: rssMiB(server.child.pid!) };
  } finally {
    await server.stop('SIGTERM');
  }
};

export const walkFigures = (
  label: string,
  measured: Awaited<ReturnType<typeof restartAndWalk>>,
  baseline: Awaited<ReturnType<typeof restartAndWalk>>,
): Figure[] => {
  const slowest = measured.steps.reduce((a, b) => (b.ms > a.ms ? b : a));
  const baselineSlowest = Math.max(...baseline.steps.map((s) => s.ms));
  const failed = measured.steps.filter((s) => s.status === 'dropped' || Number(s.status) >= 400);
  return [
    {
      name: `restart on ${label}: /healthz`,
      value: measured.healthySeconds,
      unit: 's',
      baseline: baseline.healthySeconds,
      baselineName: 'start-up of an empty install',
      ratio: measured.healthySeconds / baseline.healthySeconds,
      target: '≤ 3 s',
      met: measured.healthySeconds <= 3,
    },
    {
      name: `restart on ${label}: slowest first request of a new person's path`,
      value: slowest.ms,
      unit: 'ms',
      baseline: baselineSlowest,
      baselineName: 'the same path on an empty install',
      ratio: slowest.ms / baselineSlowest,
      target: '≤ 100 ms each, none dropped',
      met: measured.steps.every((s) => s.ms <= 100) && failed.length === 0,
      note:
        measured.steps.map((s) => `${s.name} ${s.ms.toFixed(0)} ms (${s.status})`).join(', ') +
        (failed.length ? `; FAILED: ${failed.map((s) => s.name).join(', ')}` : ''),
    },
  ];
};

/**
 * The restart an operator makes on a long history: `/healthz` within 3 s, every first request
 * of a new person's path within 100 ms with no connection dropped, and RSS that does not grow
 * with history (1M events against 100k). `BENCH_RESTART_MILLIONS=5` measures the README's
 * scale figure as well (not part of CI's or the default run's time).
 */
export const restart = async (): Promise<Figure[]> => {
  const empty = mkdtempSync(join(tmpdir(), 'boon-bench-restart-empty-'));
  const figures: Figure[] = [];
  const dirs = [empty];
  try {
    // The server compiled as `npm start` compiles it; the empty install started once first, so
    // no figure pays for a cold file cache.
    const build = spawnSync(process.execPath, ['scripts/build-server.mjs'], { stdio: 'ignore' });
    if (build.status !== 0) throw new Error('npm run build:server failed');
    const emptyKek = randomBytes(32);
    const emptyEnv = { DATA_DIR: empty, KEY_ENCRYPTION_KEY: emptyKek.toString('hex') };
    await restartAndWalk(emptyEnv);
    const baseline = await restartAndWalk(emptyEnv);
    const scales = [
      12,
      Number(process.env.BENCH_RESTART_DAYS ?? MILLION.days),
      ...(process.env.BENCH_RESTART_MILLIONS === '5' ? [1000] : []),
    ];
    let rssAtSmall = NaN;
    let smallLabel = '';
    for (const days of scales) {
      const install = await installWithHistory(days);
      dirs.push(install.dataDir);
      const measured = await restartAndWalk({
        DATA_DIR: install.dataDir,
        KEY_ENCRYPTION_KEY: install.kek.toString('hex'),
      });
      const label = `${(install.written / 1e6).toFixed(2)}M events`;
      if (days === scales[0]) {
        rssAtSmall = measured.rss;
        smallLabel = label;
        figures.push(...walkFigures(label, measured, baseline), {
          name: `restart on ${label}: RSS after a new person's path`,
          value: measured.rss,
          unit: 'MiB',
          baseline: baseline.rss,
          baselineName: 'an empty install after the same path',
          ratio: measured.rss / baseline.rss,
          target: 'the reference for 1M events',
          met: true,
        });
      } else {
        figures.push(...walkFigures(label, measured, baseline), {
          name: `restart on ${label}: RSS after a new person's path`,
          value: measured.rss,
          unit: 'MiB',
          baseline: rssAtSmall,
          baselineName: `the same at ${smallLabel}`,
          ratio: measured.rss / rssAtSmall,
          target: '≤ 350 MiB and ≤ 1.3× the small history',
          met: measured.rss <= 350 && measured.rss / rssAtSmall <= 1.3,
          note: `an empty install: ${baseline.rss.toFixed(0)} MiB`,
        });
      }
      rmSync(install.dataDir, { recursive: true, force: true });
    }
  } finally {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
  return figures;
};
