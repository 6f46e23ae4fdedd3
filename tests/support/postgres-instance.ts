import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

const POSTGRES_BIN = '/usr/lib/postgresql/15/bin';

/** Why a private server cannot be made here (not root, no PostgreSQL 15), or null. */
export const privatePostgresUnavailable = (): string | null => {
  if (process.getuid?.() !== 0) return 'a private PostgreSQL server is made as root (runuser)';
  try {
    execFileSync(join(POSTGRES_BIN, 'postgres'), ['--version'], { stdio: 'pipe' });
    execFileSync('id', ['-u', 'postgres'], { stdio: 'pipe' });
    return null;
  } catch {
    return `no PostgreSQL 15 server in ${POSTGRES_BIN} or no postgres user`;
  }
};

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

export type PrivatePostgres = {
  /** A connection string for `database` (made with `createDatabase`). */
  url: (database: string) => string;
  createDatabase: (name: string) => Promise<void>;
  /** Stops the server as `pg_ctlcluster … stop` does (fast: connections are ended). */
  stop: () => Promise<void>;
  /** Starts it again on the same files and port. */
  start: () => Promise<void>;
  /** Stops it and removes its files. */
  destroy: () => Promise<void>;
};

/**
 * A PostgreSQL 15 server of the test's own (initdb in a temporary folder, run as the `postgres`
 * user, on a free loopback port): a test may stop, restart or break it without touching the
 * cluster every other suite shares.
 */
export const startPrivatePostgres = async (): Promise<PrivatePostgres> => {
  const dir = mkdtempSync(join(tmpdir(), 'boon-private-pg-'));
  const data = join(dir, 'data');
  const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
  chownSync(dir, uid, gid);
  execFileSync(
    'runuser',
    ['-u', 'postgres', '--', join(POSTGRES_BIN, 'initdb'), '-D', data, '-U', 'boon'],
    { stdio: 'pipe', env: { ...process.env, LC_ALL: 'C.UTF-8' } },
  );
  const port = await freePort();
  let child: ChildProcess | null = null;
  const url = (database: string) => `postgres://boon@127.0.0.1:${port}/${database}`;

  const start = async () => {
    // setpriv execs PostgreSQL itself (no parent left between): signals reach it.
    const server = spawn(
      'setpriv',
      [
        '--reuid=postgres',
        '--regid=postgres',
        '--init-groups',
        join(POSTGRES_BIN, 'postgres'),
        '-D',
        data,
        '-k',
        dir,
        '-p',
        String(port),
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        'fsync=off',
        '-c',
        'max_connections=60',
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    child = server;
    let output = '';
    server.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const deadline = Date.now() + 30_000;
    while (!/ready to accept connections/.test(output)) {
      if (server.exitCode !== null || Date.now() > deadline) {
        throw new Error(`the private PostgreSQL did not start:\n${output}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  const stop = async () => {
    const server = child;
    child = null;
    if (!server || server.exitCode !== null) return;
    const exited = new Promise((resolve) => server.once('exit', resolve));
    // SIGINT is PostgreSQL's fast shutdown (what pg_ctlcluster's stop asks for).
    server.kill('SIGINT');
    await exited;
  };

  await start();
  return {
    url,
    createDatabase: async (name) => {
      const client = new pg.Client({ connectionString: url('postgres') });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
      } finally {
        await client.end();
      }
    },
    stop,
    start,
    destroy: async () => {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
};
