import Database from 'better-sqlite3';
import { spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
import { BackupError, backupEmbedded, restoreEmbedded } from '../../api/ops/embedded-backup';
import { eventIdentity } from '../../api/ops/log-digest';
import { spawnServer, type RealServer } from '../support/real-server';
import { fetchAllPages } from '../support/paging';
import { openSqliteEventStore } from '../../infra/event-store/sqlite-event-store';
import { openSqlite } from '../../infra/sqlite';
import { readModelsAndRebuild } from '../support/rebuild-compare';
import { newDeviceId } from '../support/test-app';

const root = mkdtempSync(join(tmpdir(), 'boon-backup-'));
const processes: RealServer[] = [];
afterAll(async () => {
  await Promise.all(processes.map((p) => p.stop()));
  rmSync(root, { recursive: true, force: true });
});

const serve = async (dataDir: string) => {
  const server = await spawnServer({
    DATA_DIR: dataDir,
    ADMIN_USERNAME: 'admin',
    ADMIN_PASSWORD: 'backup-test-password',
    AUTH_SECRET: 'a-shared-secret-for-every-process-of-this-test',
    // Every writer registers a new person from 127.0.0.1: at the default 100 an hour, a slow
    // backup let the writers reach the cap first, and the writes "during" it stopped at 100.
    REGISTRATIONS_PER_HOUR: '100000',
  });
  processes.push(server);
  return server;
};

/** Runs one of the operations commands as a person would, to its end. */
const command = (script: string, args: string[]) =>
  new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => resolve({ code, output }));
  });

const post = async (base: string, path: string, deviceId: string, body: unknown) => {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Device-ID': deviceId },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

const get = async (base: string, path: string, deviceId: string, minPosition?: bigint) => {
  const res = await fetch(`${base}${path}`, {
    headers: {
      'X-Device-ID': deviceId,
      ...(minPosition === undefined ? {} : { 'X-Min-Position': String(minPosition) }),
    },
  });
  return (await res.json()) as unknown;
};

const keysIn = (vault: string) => {
  const db = new Database(vault, { readonly: true });
  try {
    return (
      db.prepare('SELECT subject FROM wrapped_keys ORDER BY subject').all() as {
        subject: string;
      }[]
    ).map((row) => row.subject);
  } finally {
    db.close();
  }
};

/** The log as stored (sealed fields unopened: a restored folder may not have its key yet). */
const eventsIn = async (dataDir: string) => {
  const db = openSqlite(join(dataDir, 'boon.sqlite'));
  try {
    return await openSqliteEventStore(db).readAll({ maxCount: 10_000_000 });
  } finally {
    db.close();
  }
};

describe('backup and restore of the embedded stores', () => {
  it('backs up while Boon takes writes, and restores every acknowledged write with read models equal to a rebuild', async () => {
    const source = join(root, 'source');
    const server = await serve(source);
    const question = (
      (await get(server.url, '/api/question/today', newDeviceId())) as {
        id: number;
      }
    ).id;
    const signUp = await post(server.url, '/api/auth/signup', newDeviceId(), {
      email: 'backup@example.org',
      password: 'a long enough password',
    });
    expect(signUp.status).toBe(202);
    await expect.poll(() => keysIn(join(source, 'keys.sqlite')).length).toBeGreaterThan(0);

    const acknowledged: { id: string; position: bigint; deviceId: string }[] = [];
    let stopping = false;
    onTestFinished(() => {
      stopping = true;
    });
    const writer = async (w: number) => {
      for (let i = 0; !stopping; i++) {
        const deviceId = newDeviceId();
        const offers = await post(server.url, '/api/user/generate-pseudonyms', deviceId, {});
        const setup = await post(server.url, '/api/user/setup', deviceId, {
          pseudonym: (offers.body.pseudonyms as string[])[0],
          privacyConsent: true,
          termsConsent: true,
        });
        if (setup.status !== 201) continue;
        const respond = await post(server.url, '/api/responses', deviceId, {
          content: `writer ${w} answers, time ${i}`,
          questionId: question,
        });
        expect(respond.status).toBe(201);
        const { id, position } = respond.body as { id: string; position: string };
        acknowledged.push({ id, position: BigInt(position), deviceId });
      }
    };
    // A writer that fails after the test is over (its server gone) is no finding.
    const failures: unknown[] = [];
    const writers = [0, 1, 2].map((w) =>
      writer(w).catch((error: unknown) => {
        if (!stopping) failures.push(error);
      }),
    );
    await expect.poll(() => acknowledged.length, { timeout: 60_000 }).toBeGreaterThan(10);

    // Everything acknowledged before the backup starts must be in it; writes go on meanwhile.
    const before = [...acknowledged];
    const keysBefore = keysIn(join(source, 'keys.sqlite'));
    const backup = await command('api/ops/backup.ts', [
      '--data-dir',
      source,
      '--out',
      join(root, 'boon.backup'),
      '--keys-out',
      join(root, 'keys.backup'),
    ]);
    expect(backup.code, backup.output).toBe(0);
    const during = acknowledged.length;
    await expect.poll(() => acknowledged.length, { timeout: 60_000 }).toBeGreaterThan(during + 5);
    stopping = true;
    await Promise.all(writers);
    expect(failures).toEqual([]);
    await server.stop('SIGTERM');
    expect(statSync(join(root, 'boon.backup')).mode & 0o777).toBe(0o600);
    expect(statSync(join(root, 'keys.backup')).mode & 0o777).toBe(0o600);

    // The log alone, read models dropped: they are the log's to rebuild.
    const copy = new Database(join(root, 'boon.backup'), { readonly: true });
    const tables = copy.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all();
    copy.close();
    expect(
      tables.map((t) => (t as { name: string }).name).filter((n) => n.startsWith('read_')),
    ).toEqual([]);

    const restored = join(root, 'restored');
    const restore = await command('api/ops/restore.ts', [
      '--from',
      join(root, 'boon.backup'),
      '--keys-from',
      join(root, 'keys.backup'),
      '--data-dir',
      restored,
    ]);
    expect(restore.code, restore.output).toBe(0);
    // Both commands report the same digest: the log came back as it went.
    const digest = (output: string) => /digest:\s+([0-9a-f]{64})/.exec(output)?.[1];
    expect(digest(restore.output)).toBeDefined();
    expect(digest(restore.output)).toBe(digest(backup.output));

    // The restored log is the source's history up to the backup, in order, ids and all.
    const [original, recovered] = [await eventsIn(source), await eventsIn(restored)];
    expect(recovered.length).toBeGreaterThan(0);
    expect(recovered.length).toBeLessThanOrEqual(original.length);
    expect(recovered.map(eventIdentity)).toEqual(
      original.slice(0, recovered.length).map(eventIdentity),
    );
    for (const key of keysBefore) expect(keysIn(join(restored, 'keys.sqlite'))).toContain(key);

    // The operator brings the key-encryption key back from where they keep it.
    copyFileSync(join(source, 'key-encryption-key'), join(restored, 'key-encryption-key'));
    const revived = await serve(restored);
    const last = before.reduce((max, a) => (a.position > max ? a.position : max), 0n);
    const listed = await fetchAllPages<{ id: string }>(
      `${revived.url}/api/responses/${question}?limit=100`,
      { 'X-Device-ID': before[0]!.deviceId, 'X-Min-Position': String(last) },
    );
    const shown = new Set(listed.map((r) => r.id));
    expect(before.filter((a) => !shown.has(a.id))).toEqual([]);
    await revived.stop('SIGTERM');

    // Reactors append (badges) after the batch that asked: a stop may come before every
    // projection has read those, so the stored read models resume first, as a restart would.
    const { stored, rebuilt, behind } = await readModelsAndRebuild(restored, {
      catchUpStored: true,
    });
    expect(behind).toEqual([]);
    expect(stored).toEqual(rebuilt);
  }, 180_000);

  it('refuses to overwrite a backup or a data folder, and to restore what is not a backup', async () => {
    const dataDir = join(root, 'refusals');
    const server = await serve(dataDir);
    await server.stop('SIGTERM');
    const out = join(root, 'refusals.backup');
    await backupEmbedded({ dataDir, out, keysOut: null });
    await expect(backupEmbedded({ dataDir, out, keysOut: null })).rejects.toThrow(/exists/);
    await expect(restoreEmbedded({ from: out, keysFrom: null, dataDir })).rejects.toThrow(
      /empty folder/,
    );
    const junk = join(root, 'junk.backup');
    writeFileSync(junk, 'not a database at all');
    await expect(
      restoreEmbedded({ from: junk, keysFrom: null, dataDir: join(root, 'fresh') }),
    ).rejects.toThrow(BackupError);
    await expect(
      restoreEmbedded({ from: out, keysFrom: out, dataDir: join(root, 'fresh') }),
    ).rejects.toThrow(/wrapped_keys/);
    const usage = await command('api/ops/restore.ts', [
      '--from',
      out,
      '--data-dir',
      join(root, 'x'),
    ]);
    expect(usage.code).toBe(2);
    expect(usage.output).toMatch(/--keys-from/);
  }, 60_000);
});
