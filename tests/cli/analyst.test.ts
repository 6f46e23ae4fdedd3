import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REACTION_EMOJI } from '../../domain/contracts/reactions';
import type { SentimentExport, SentimentItem } from '../../domain/contracts/sentiment';
import {
  sentimentExportSchema,
  sentimentItemSchema,
} from '../../domain/contracts/schemas/sentiment';
import { periodEnding } from '../../domain/sentiment/figures';
import { defaultDayRules, productDayOf } from '../../domain/shared/product-day';
import { startServer, type RunningServer } from '../../api/server';
import { loadConfig } from '../../infra/config';
import { silentLogger } from '../../infra/logger';
import { CSV_COLUMNS } from '../../api/analyst/export';

const run = promisify(execFile);
const dataDir = mkdtempSync(join(tmpdir(), 'boon-analyst-'));
// Exports go beside the data directory: the CLI refuses to write inside it.
const outDir = mkdtempSync(join(tmpdir(), 'boon-analyst-out-'));
const env = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
const admin = { username: 'analyst-admin', password: 'a long enough password' };

/** A script of the project, as npm would run it (tsx), with this test's DATA_DIR. */
const script = (file: string, args: string[]) =>
  run(process.execPath, ['--import', 'tsx', file, ...args], { env, maxBuffer: 64 * 2 ** 20 });

/** `npm run analyst -- …`: its output, error text and exit code. */
const analyst = async (...args: string[]) => {
  try {
    const { stdout, stderr } = await script('api/analyst/main.ts', args);
    return { stdout, stderr, code: 0 };
  } catch (error) {
    const failed = error as { stdout: string; stderr: string; code: number };
    return { stdout: failed.stdout, stderr: failed.stderr, code: failed.code };
  }
};

let server: RunningServer;
let deviceId: string;
let adminToken: string;

type Reply = { status: number; body: any }; // eslint-disable-line @typescript-eslint/no-explicit-any

const call = async (path: string, init: RequestInit = {}): Promise<Reply> => {
  const res = await fetch(`${server.url}${path}`, init);
  const type = res.headers.get('content-type') ?? '';
  return { status: res.status, body: type.includes('json') ? await res.json() : await res.text() };
};

/** Waits until the projections (and the commands their reactors asked for) reach the head. */
const settled = async () => {
  const { events, readModels } = server.context;
  const names = readModels.projections.map((p) => p.name);
  for (let head = await events.headPosition(); head !== null;) {
    await readModels.waitFor(head, names, 30_000);
    const next = await events.headPosition();
    if (next === head) return;
    head = next;
  }
};

beforeAll(async () => {
  await script('api/seed/main.ts', ['--days', '35', '--people', '20', '--seed', '3']);
  server = await startServer({
    config: { ...loadConfig({ DATA_DIR: dataDir }), port: 0, host: '127.0.0.1' },
    logger: silentLogger(),
    admin,
  });
  deviceId = crypto.randomUUID();
  const headers = { 'Content-Type': 'application/json', 'X-Device-ID': deviceId };
  const offers = await call('/api/user/generate-pseudonyms', { method: 'POST', headers });
  const setup = await call('/api/user/setup', {
    method: 'POST',
    headers,
    body: JSON.stringify({
      pseudonym: offers.body.pseudonyms[0],
      privacyConsent: true,
      termsConsent: true,
      onboarded: true,
    }),
  });
  expect(setup.status).toBe(201);
  const login = await call('/api/admin/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(admin),
  });
  adminToken = login.body.token;
  await settled();
}, 240_000);

afterAll(async () => {
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(outDir, { recursive: true, force: true });
});

const dashboard = async (days: number): Promise<SentimentItem[]> => {
  const res = await call(`/api/sentiment?days=${days}`, { headers: { 'X-Device-ID': deviceId } });
  expect(res.status).toBe(200);
  return res.body;
};

const today = () => productDayOf(new Date(), defaultDayRules);

/** A CSV cell back as the JSON value it stands for. */
const valueOf = (cell: string) => (cell === '' ? null : Number(cell));

describe('npm run analyst -- sentiment (api/analyst/main.ts)', () => {
  it.each([7, 14, 30])(
    'replays the log to the dashboard’s figures for the last %i days, to the last digit',
    async (days) => {
      const expected = await dashboard(days);
      expect(expected.length).toBeGreaterThan(0);
      const { from, to } = periodEnding(today(), days);
      const { stdout, code } = await analyst(
        'sentiment',
        '--from',
        from,
        '--to',
        to,
        '--format',
        'json',
      );
      expect(code).toBe(0);
      const exported: SentimentExport = sentimentExportSchema.parse(JSON.parse(stdout));
      expect(exported.rows).toEqual(expected);
      expect(exported.totals.responseCount).toBe(
        expected.reduce((n, row) => n + row.responseCount, 0),
      );
      expect(exported.rows.some((row) => row.averageSpectrum !== null)).toBe(true);
      expect(
        exported.rows.some((row) => REACTION_EMOJI.some((e) => row.engagement.reactions[e] > 0)),
      ).toBe(true);
    },
    60_000,
  );

  it('writes a CSV a standard parser reads back to the same figures, totals last', async () => {
    const expected = await dashboard(30);
    const { from, to } = periodEnding(today(), 30);
    const out = join(outDir, 'export.csv');
    const { code, stdout } = await analyst('sentiment', '--from', from, '--to', to, '--out', out);
    expect(code).toBe(0);
    expect(stdout).toBe('');
    const rows: Record<string, string>[] = parse(readFileSync(out), { columns: true });
    expect(Object.keys(rows[0]!)).toEqual([...CSV_COLUMNS]);
    expect(rows.at(-1)).toMatchObject({ row: 'total', from, to, questionId: '' });
    const lines = rows.slice(0, -1);
    expect(lines).toHaveLength(expected.length);
    lines.forEach((line, i) => {
      const item = expected[i]!;
      expect(line).toMatchObject({ row: 'question-day', from: item.date, to: item.date });
      expect(Number(line.questionId)).toBe(item.questionId);
      expect(line.questionContent).toBe(item.questionContent);
      expect(valueOf(line.averageSpectrum!)).toBe(item.averageSpectrum);
      expect(valueOf(line['distribution.left']!)).toBe(item.distribution.left);
      expect(valueOf(line['engagement.reactions.👏']!)).toBe(item.engagement.reactions['👏']);
      expect(valueOf(line['moderation.civilityAvg']!)).toBe(item.moderation.civilityAvg);
      expect(valueOf(line['trend.spectrumChange']!)).toBe(item.trend.spectrumChange);
    });
  }, 60_000);

  it('keeps only the category asked for, and writes no person’s id, pseudonym or words', async () => {
    const { from, to } = periodEnding(today(), 30);
    const all = await analyst('sentiment', '--from', from, '--to', to, '--format', 'json');
    const rows = (JSON.parse(all.stdout) as SentimentExport).rows;
    // A category no question of the period has: a header and a total, no rows.
    const category = 'Political & Governance';
    const none = await analyst('sentiment', '--from', from, '--to', to, '--category', category);
    expect(none.stdout.trim().split('\r\n')).toHaveLength(2);
    const unknown = await analyst('sentiment', '--from', from, '--to', to, '--category', 'Nope');
    expect(unknown.code).toBe(2);
    expect(unknown.stdout).toBe('');
    for (const row of rows) expect(() => sentimentItemSchema.parse(row)).not.toThrow();
    expect(all.stdout).not.toContain(deviceId);
    expect(all.stdout).not.toMatch(/pseudonym|authorId|userId|deviceId|"content"/);
  }, 60_000);

  it('documents itself, and refuses bad arguments with a message and exit code 2', async () => {
    const help = await analyst('--help');
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/--from.*--to.*--category.*--format.*--out/s);
    const bad = await analyst('sentiment', '--from', '2026-03-02', '--to', '2026-03-01');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe('analyst: --to: to must not be before from (see --help)\n');
    expect(bad.stdout).toBe('');
  }, 60_000);
});

describe('GET /api/admin/sentiment/export', () => {
  const exportOf = (query: string, token: string | null = adminToken) =>
    call(`/api/admin/sentiment/export?${query}`, {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    });

  it('gives admins the replay’s export, as JSON or CSV', async () => {
    const { from, to } = periodEnding(today(), 14);
    const replayed = await analyst('sentiment', '--from', from, '--to', to, '--format', 'json');
    const json = await exportOf(`from=${from}&to=${to}&format=json`);
    expect(json.status).toBe(200);
    expect(sentimentExportSchema.parse(json.body)).toEqual(JSON.parse(replayed.stdout));
    const csv = await exportOf(`from=${from}&to=${to}&format=csv`);
    const cli = await analyst('sentiment', '--from', from, '--to', to, '--format', 'csv');
    expect(csv.body).toBe(cli.stdout);
  });

  it('is for admins only, and names the field of a bad date (400)', async () => {
    expect((await exportOf('from=2026-01-01&to=2026-01-31', null)).status).toBe(401);
    for (const [query, field] of [
      ['to=2026-01-31', 'from'],
      ['from=2026-13-01&to=2026-01-31', 'from'],
      ['from=2026-01-01&to=yesterday', 'to'],
      ['from=2026-02-01&to=2026-01-31', 'to'],
      ['from=2016-01-01&to=2026-01-31', 'to'],
      ['from=2026-01-01&to=2026-01-31&format=xlsx', 'format'],
      ['from=2026-01-01&to=2026-01-31&category=Nope', 'category'],
    ] as const) {
      const res = await exportOf(query);
      expect(res.status, query).toBe(400);
      expect(res.body.field, query).toBe(field);
    }
  });
});
