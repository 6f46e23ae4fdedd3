import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { opinionsExport } from '../../api/analyst/opinions-export';
import { replayOpinionMap } from '../../api/analyst/opinions-replay';
import { openStores } from '../../api/stores';
import { loadConfig } from '../../infra/config';
import { silentLogger } from '../../infra/logger';
import { plantedCamps, plantedCampsEvents } from '../support/opinion-fixture';
import { appendEvents } from '../support/seed';

/** `npm run analyst -- opinions`, run as npm runs it, over a log holding the planted camps. */

const root = mkdtempSync(join(tmpdir(), 'boon-analyst-opinions-'));
const dataDir = join(root, 'data');
afterAll(() => rmSync(root, { recursive: true, force: true }));

type Run = { code: number; stdout: string; stderr: string };

const analyst = (args: string[]) =>
  new Promise<Run>((resolve) => {
    execFile(
      process.execPath,
      ['scripts/tool.mjs', 'analyst', ...args],
      { env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' }, timeout: 60_000 },
      (error, stdout, stderr) =>
        resolve({
          code: error ? Number((error as { code?: number }).code ?? 1) : 0,
          stdout,
          stderr,
        }),
    );
  });

const fixture = plantedCamps(7, 8);
let expected: ReturnType<typeof opinionsExport>;

beforeAll(async () => {
  const stores = await openStores(loadConfig({ DATA_DIR: dataDir }), silentLogger());
  for (const [i, event] of plantedCampsEvents(fixture).entries()) {
    await appendEvents(stores.events, `stream-${i}`, [event]);
  }
  expected = opinionsExport(fixture.questionId, await replayOpinionMap(stores.events, 7));
  await stores.close();
}, 60_000);

describe('npm run analyst -- opinions', () => {
  it('writes the question’s map as JSON: the two camps, the bridges as common ground', async () => {
    const run = await analyst(['opinions', '--question', '7', '--format', 'json']);
    expect(run.code, run.stderr).toBe(0);
    const written = JSON.parse(run.stdout);
    expect(written).toEqual(JSON.parse(JSON.stringify(expected)));
    expect(written).toMatchObject({ questionId: 7, status: 'ready', participants: 16 });
    expect(written.groups.map((g: { size: number }) => g.size)).toEqual([8, 8]);
    expect(written.consensus.map((c: { responseId: string }) => c.responseId).sort()).toEqual(
      [...fixture.bridges].sort(),
    );
    expect(run.stdout).not.toMatch(/left-|right-|bridge-author/);
  }, 120_000);

  it('writes CSV to a file: the map, each group with its answers, the common ground', async () => {
    const out = join(root, 'map.csv');
    const run = await analyst(['opinions', '--question', '7', '--out', out]);
    expect(run.code, run.stderr).toBe(0);
    const rows = parse(readFileSync(out, 'utf8'), { columns: true }) as Record<string, string>[];
    expect(rows[0]).toMatchObject({ row: 'map', status: 'ready', participants: '16' });
    expect(rows.filter((r) => r.row === 'group').map((r) => [r.group, r.size])).toEqual([
      ['A', '8'],
      ['B', '8'],
    ]);
    const representative = rows.filter((r) => r.row === 'representative');
    expect(representative.length).toBeGreaterThan(0);
    for (const r of representative) expect(Number(r.agree)).toBeGreaterThan(Number(r.agreeOutside));
    expect(
      rows
        .filter((r) => r.row === 'consensus')
        .map((r) => r.responseId)
        .sort(),
    ).toEqual([...fixture.bridges].sort());
  }, 120_000);

  it.each([
    [['opinions'], /--question is required/],
    [['opinions', '--question', 'seven'], /--question: a question id/],
    [['opinions', '--question', '7', '--from', '2026-01-01'], /--from goes with sentiment/],
    [['opinions', '--question', '7', '--format', 'xml'], /--format: csv or json/],
    [
      ['sentiment', '--from', '2026-01-01', '--to', '2026-01-02', '--question', '7'],
      /--question goes with opinions/,
    ],
  ])(
    'refuses %j in one line with exit 2',
    async (args, said) => {
      const run = await analyst(args);
      expect(run.code).toBe(2);
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
      expect(run.stderr).toMatch(said);
    },
    60_000,
  );
});
