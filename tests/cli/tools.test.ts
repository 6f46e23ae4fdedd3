import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStores } from '../../api/stores';
import { loadConfig } from '../../infra/config';
import { silentLogger } from '../../infra/logger';
import { activation, appendEvents, submission } from '../support/seed';

/**
 * Every tool, run as `npm run NAME` runs it (scripts/tool.mjs), refuses what would destroy
 * and answers bad input with one line and a non-zero exit, never a stack trace.
 */

const root = mkdtempSync(join(tmpdir(), 'boon-tools-'));
const dataDir = join(root, 'data');
const elsewhere = join(root, 'elsewhere');
afterAll(() => rmSync(root, { recursive: true, force: true }));

type Run = { code: number; stdout: string; stderr: string };

const tool = (name: string, args: string[], env: Record<string, string> = {}) =>
  new Promise<Run>((resolve) => {
    execFile(
      process.execPath,
      ['scripts/tool.mjs', name, ...args],
      { env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env }, timeout: 60_000 },
      (error, stdout, stderr) =>
        resolve({
          code: error ? Number((error as { code?: number }).code ?? 1) : 0,
          stdout,
          stderr,
        }),
    );
  });

const digest = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

/** A refusal: the exit code, one line on stderr naming the problem, and no stack trace. */
const expectRefused = (run: Run, code: number, said: RegExp) => {
  expect(run.code, run.stderr).toBe(code);
  expect(run.stderr.trim().split('\n'), run.stderr).toHaveLength(1);
  expect(run.stderr).toMatch(said);
  expect(run.stderr).not.toMatch(/^\s+at /m);
};

const period = ['sentiment', '--from', '2026-03-01', '--to', '2026-03-02'];
let engineFiles: Record<string, string>;

beforeAll(async () => {
  mkdirSync(elsewhere);
  const stores = await openStores(loadConfig({ DATA_DIR: dataDir }), silentLogger());
  await appendEvents(stores.events, 'question-of-the-day-2026-03-01', [
    activation('2026-03-01', 1),
  ]);
  await appendEvents(stores.events, 'responder-a', [
    submission('r1', 1, 'a', '2026-03-01T15:00:00.000Z'),
  ]);
  await stores.vault.keyFor('person-a');
  await stores.close();
  // A source for migrate to open (opening a store may tidy its files).
  cpSync(dataDir, join(root, 'source'), { recursive: true });
  engineFiles = Object.fromEntries(
    readdirSync(dataDir).map((name) => [name, digest(join(dataDir, name))]),
  );
}, 60_000);

/** Nothing in the data folder changed, and nothing was added to it. */
const expectDataFolderUntouched = () => {
  expect(
    Object.fromEntries(readdirSync(dataDir).map((name) => [name, digest(join(dataDir, name))])),
  ).toEqual(engineFiles);
};

describe('a tool that writes a file', () => {
  it('never writes onto the event log or the key vault, --force or not', async () => {
    for (const file of ['boon.sqlite', 'keys.sqlite', 'read-models.sqlite', 'new.csv']) {
      for (const force of [[], ['--force']]) {
        const run = await tool('analyst', [...period, '--out', join(dataDir, file), ...force]);
        expectRefused(run, 1, /inside the data folder/);
      }
    }
    expectDataFolderUntouched();
  }, 120_000);

  it('never writes into a folder that holds an engine’s files, nor onto a file by an engine’s name', async () => {
    const other = join(root, 'other-data');
    mkdirSync(other);
    writeFileSync(join(other, 'keys.sqlite'), 'a vault');
    const inOther = await tool('analyst', [...period, '--out', join(other, 'q1.csv'), '--force']);
    expectRefused(inOther, 1, /inside a data folder/);
    const named = await tool('analyst', [...period, '--out', join(elsewhere, 'boon.sqlite')]);
    expectRefused(named, 1, /an engine's file/);
    writeFileSync(join(elsewhere, 'live.db'), 'x');
    writeFileSync(join(elsewhere, 'live.db-wal'), 'x');
    const open = await tool('analyst', [...period, '--out', join(elsewhere, 'live.db'), '--force']);
    expectRefused(open, 1, /an engine's file/);
    expect(readFileSync(join(elsewhere, 'live.db'), 'utf8')).toBe('x');
  }, 120_000);

  it('never writes over a file the configuration names, however it is named, --force or not', async () => {
    const secrets = join(root, 'secrets');
    mkdirSync(secrets);
    const kek = join(secrets, 'master.key');
    const authSecret = join(secrets, 'auth.txt');
    writeFileSync(kek, `${'ab'.repeat(32)}\n`);
    writeFileSync(authSecret, `${'s'.repeat(40)}\n`);
    symlinkSync(kek, join(elsewhere, 'kek-link'));
    linkSync(authSecret, join(elsewhere, 'auth-hard-link'));
    const env = { KEY_ENCRYPTION_KEY_FILE: kek, AUTH_SECRET_FILE: authSecret };
    const before = { kek: digest(kek), authSecret: digest(authSecret) };
    for (const [out, variable] of [
      [kek, 'KEY_ENCRYPTION_KEY_FILE'],
      [join(elsewhere, 'kek-link'), 'KEY_ENCRYPTION_KEY_FILE'],
      [authSecret, 'AUTH_SECRET_FILE'],
      [join(elsewhere, 'auth-hard-link'), 'AUTH_SECRET_FILE'],
    ] as const) {
      const backup = await tool(
        'backup',
        ['--out', out, '--without-keys', '--data-dir', dataDir, '--force'],
        env,
      );
      expectRefused(backup, 1, new RegExp(`is the file ${variable} names`));
      const keysOver = await tool(
        'backup',
        ['--out', join(elsewhere, 'log.backup'), '--keys-out', out, '--data-dir', dataDir],
        { ...env },
      );
      expectRefused(keysOver, 1, new RegExp(`is the file ${variable} names`));
      const analyst = await tool('analyst', [...period, '--out', out, '--force'], env);
      expectRefused(analyst, 1, new RegExp(`is the file ${variable} names`));
    }
    expect({ kek: digest(kek), authSecret: digest(authSecret) }).toEqual(before);
    expect(existsSync(join(elsewhere, 'log.backup'))).toBe(false);
  }, 120_000);

  it('refuses an existing file unless told --force, and then replaces it whole', async () => {
    const out = join(elsewhere, 'q1.csv');
    writeFileSync(out, 'last quarter');
    const refused = await tool('analyst', [...period, '--out', out]);
    expectRefused(refused, 1, /exists: choose another name, or --force/);
    expect(readFileSync(out, 'utf8')).toBe('last quarter');
    const forced = await tool('analyst', [...period, '--out', out, '--force']);
    expect(forced.code, forced.stderr).toBe(0);
    expect(readFileSync(out, 'utf8')).toMatch(/^row,from,to,category/);
    // Written through a temporary file renamed into place: none is left behind.
    expect(readdirSync(elsewhere).filter((name) => name.includes('partial'))).toEqual([]);
  }, 120_000);

  it('says so in one line when the folder does not exist', async () => {
    const missing = join(root, 'missing', 'q1.csv');
    expectRefused(await tool('analyst', [...period, '--out', missing]), 1, /does not exist/);
    const backup = await tool('backup', [
      '--out',
      join(root, 'missing', 'boon.backup'),
      '--without-keys',
      '--data-dir',
      dataDir,
    ]);
    expectRefused(backup, 1, /missing does not exist/);
  }, 120_000);

  it('backs up only where nothing is lost: not over a file without --force, not into the data folder', async () => {
    const out = join(elsewhere, 'boon.backup');
    const keys = join(elsewhere, 'keys.backup');
    const args = ['--out', out, '--keys-out', keys, '--data-dir', dataDir];
    expect((await tool('backup', args)).code).toBe(0);
    const first = digest(out);
    expectRefused(await tool('backup', args), 1, /exists: choose another name, or --force/);
    expect(digest(out)).toBe(first);
    const forced = await tool('backup', [...args, '--force']);
    expect(forced.code, forced.stderr).toBe(0);
    expect(forced.stdout).toMatch(/^digest: +[0-9a-f]{64}$/m);
    const inside = await tool('backup', [
      '--out',
      join(dataDir, 'boon.backup'),
      '--without-keys',
      '--data-dir',
      dataDir,
    ]);
    expectRefused(inside, 1, /inside the data folder/);
    const same = await tool('backup', [
      '--out',
      join(elsewhere, 'both'),
      '--keys-out',
      join(elsewhere, 'both'),
    ]);
    expectRefused(same, 1, /two files/);
    expectDataFolderUntouched();
  }, 120_000);
});

describe('bad input to any tool', () => {
  it('is one line and a non-zero exit, never a stack trace', async () => {
    const corrupt = join(root, 'corrupt');
    mkdirSync(corrupt);
    writeFileSync(join(corrupt, 'boon.sqlite'), 'this is not a database, it is a sentence');
    const unreachable = 'mongodb://127.0.0.1:9/boon?serverSelectionTimeoutMS=300';
    // A log without its key vault (copied or restored without it).
    const vaultless = join(root, 'vaultless');
    mkdirSync(vaultless);
    cpSync(join(dataDir, 'boon.sqlite'), join(vaultless, 'boon.sqlite'));
    const server = { PORT: '0', HOST: '127.0.0.1' };
    const runs: [Promise<Run>, number, RegExp][] = [
      [
        tool('main', [], { ...server, DATA_DIR: vaultless }),
        1,
        /Boon could not start: The key vault \(.*keys\.sqlite\) is missing or empty.*--new-vault/,
      ],
      [tool('main', ['--vault'], server), 2, /Unknown option --vault/],
      [
        tool('main', [], { ...server, DATABASE_URL: 'postgres://boon:secret@127.0.0.1:9/boon' }),
        1,
        /Boon could not start: DATABASE_URL: PostgreSQL at postgres:\/\/boon:\*\*\*@127\.0\.0\.1:9\/boon cannot be used/,
      ],
      [tool('seed', ['--colour', 'blue']), 2, /^seed: unknown option --colour/],
      [tool('seed', ['--days', 'many']), 2, /--days must be a whole number/],
      [tool('analyst', [...period, '--category', 'Nope']), 2, /unknown category "Nope"/],
      [tool('analyst', ['report']), 2, /unknown command report/],
      [tool('analyst', period, { DATA_DIR: corrupt }), 1, /damaged or not Boon's/],
      [tool('doctor', ['now']), 2, /unexpected argument now/],
      [tool('backup', ['--out']), 2, /--out needs a value/],
      [
        tool('restore', [
          '--from',
          join(elsewhere, 'nothing'),
          '--without-keys',
          '--data-dir',
          dataDir,
        ]),
        1,
        /exists: restore into an empty folder/,
      ],
      [
        tool('migrate', [
          '--from-data-dir',
          join(root, 'source'),
          '--to-eventstore',
          'esdb://127.0.0.1:9?tls=false',
          '--to-mongodb',
          unreachable,
        ]),
        1,
        // The destination's log is opened first: its engine is the one named.
        /EventStoreDB at \S+ did not answer/,
      ],
      [tool('projections', ['status'], { PORT: '9' }), 1, /nothing answers on 127.0.0.1:9/],
      [tool('projections', ['rebuild']), 2, /projection names, or --all/],
      [tool('projections', ['shuffle']), 2, /unknown command shuffle/],
      [tool('projections', ['retry']), 2, /retry takes a reactor, and at most one event id/],
      [tool('projections', ['retry', 'a', 'b', 'c']), 2, /at most one event id/],
    ];
    for (const [run, code, said] of runs) expectRefused(await run, code, said);
    expectDataFolderUntouched();
    expect(existsSync(join(corrupt, 'read-models.sqlite'))).toBe(false);
  }, 180_000);

  it('gets the usage with --help', async () => {
    for (const name of [
      'analyst',
      'backup',
      'restore',
      'migrate',
      'doctor',
      'projections',
      'seed',
    ]) {
      const help = await tool(name, ['--help']);
      expect(help.code, name).toBe(0);
      expect(help.stdout, name).toMatch(/^usage: npm run /m);
    }
  }, 120_000);
});
