import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../infra/config';
import { openSqliteEventStore } from '../../infra/event-store/sqlite-event-store';
import { openEmbeddedReadStore } from '../../infra/read-store/embedded-read-store';
import { openSqlite } from '../../infra/sqlite';
import { PARKED, type ParkedDoc } from '../../projections/engine/parked-reactions';
import { spawnServer, type RealServer } from '../support/real-server';

/** `npm run projections -- status | retry` against a running Boon, as an operator runs it. */

const dataDir = mkdtempSync(join(tmpdir(), 'boon-projections-tool-'));
let server: RealServer | null = null;
afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

type Run = { code: number; stdout: string; stderr: string };

const projections = (port: string, args: string[]) =>
  new Promise<Run>((resolve) => {
    execFile(
      process.execPath,
      ['scripts/tool.mjs', 'projections', ...args, '--port', port],
      { timeout: 60_000 },
      (error, stdout, stderr) =>
        resolve({
          code: error ? Number((error as { code?: number }).code ?? 1) : 0,
          stdout,
          stderr,
        }),
    );
  });

describe('npm run projections with parked reactions', () => {
  it('lists them in the status with their errors, and retries them through the process running the reactor', async () => {
    server = await spawnServer({
      DATA_DIR: dataDir,
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD: 'projections-tool-password',
      LEASE_TTL_MS: '3000',
    });
    const port = new URL(server.url).port;
    // An event the badge reactor gave up on: the day's question, written at start.
    const config = loadConfig({ DATA_DIR: dataDir });
    const logDb = openSqlite(join(config.dataDir, 'boon.sqlite'));
    const readDb = openSqlite(join(config.dataDir, 'read-models.sqlite'), 'NORMAL');
    const events = openSqliteEventStore(logDb);
    const readStore = openEmbeddedReadStore(readDb);
    try {
      const [first] = await events.readAll({ maxCount: 1 });
      await readStore.transaction(async (tx) => {
        await tx.collection<ParkedDoc>(PARKED).upsertOne({
          _id: `badge-awards:${first!.id}`,
          reactor: 'badge-awards',
          eventId: first!.id,
          eventType: first!.type,
          position: String(first!.position),
          attempts: 8,
          error: 'the badge stream did not answer',
          parkedAt: '2026-11-28T12:00:00.000Z',
          retryAsked: 0,
        });
      });
      const status = await projections(port, ['status']);
      expect(status.code, status.stderr).toBe(0);
      expect(status.stdout).toMatch(
        new RegExp(
          `^badge-awards +${first!.id} +${first!.type} +${first!.position} +8 +the badge stream did not answer$`,
          'm',
        ),
      );

      const unknown = await projections(port, ['retry', 'nope']);
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toMatch(/there is no reactor named nope/);
      const retried = await projections(port, ['retry', 'badge-awards', first!.id]);
      expect(retried.code, retried.stderr).toBe(0);
      expect(retried.stdout).toMatch(
        /^Asked badge-awards to try 1 parked event again \(run by \S+\)$/m,
      );
      expect(retried.stdout).toMatch(/^badge-awards: 1 went through, 0 failed again$/m);
      expect((await projections(port, ['status'])).stdout).toMatch(/^parked reactions: none$/m);
      expect((await projections(port, ['retry', 'badge-awards', first!.id])).stderr).toMatch(
        /404 Not parked: Reactor badge-awards has no parked event/,
      );
    } finally {
      await events.close();
      await readStore.close();
      logDb.close();
      readDb.close();
    }
  }, 120_000);
});
