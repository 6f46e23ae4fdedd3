import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../api/server';
import { READ_MODELS_FILE } from '../../api/stores';
import { loadConfig } from '../../infra/config';
import { silentLogger } from '../../infra/logger';
import { openEmbeddedReadStore } from '../../infra/read-store/embedded-read-store';
import type { Lease, ReadStore } from '../../infra/read-store/read-store';
import { openSqlite, type SqliteDatabase } from '../../infra/sqlite';
import { responsesByQuestionProjection } from '../../projections/responses-by-question';
import { liveClient } from '../support/live-client';
import { newDeviceId, testBank } from '../support/test-app';

let server: RunningServer;
let dataDir: string;
let elsewhere: { db: SqliteDatabase; store: ReadStore; lease: Lease | null };

// The answers' read model is held by "another projector" that does nothing: the server's
// read model of who answered what stands still, as it does for a moment after any answer.
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'boon-live-access-'));
  const db = openSqlite(join(dataDir, READ_MODELS_FILE), 'NORMAL');
  const store = openEmbeddedReadStore(db);
  const lease = await store.leases.acquire(
    responsesByQuestionProjection.name,
    'a stalled projector',
    120_000,
  );
  elsewhere = { db, store, lease };
  server = await startServer({
    config: loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'silent' }),
    logger: silentLogger(),
    bank: testBank,
    clock: { now: () => new Date('2026-11-22T15:00:00Z') },
  });
});
afterAll(async () => {
  await server.close();
  await elsewhere.store.close();
  elsewhere.db.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const { call, register, connect } = liveClient(() => server.url);

describe('following a discussion right after answering', () => {
  it('is allowed before the read model knows of the answer, and refused to who did not answer', async () => {
    const questionId = (await call('/api/question/today', newDeviceId())).body.id as number;
    const topic = `responses:${questionId}`;
    const reader = await register();
    const answered = await call('/api/responses', reader, {
      content: 'my answer first',
      questionId,
    });
    expect(answered.status).toBe(201);
    // The read model has not heard of it: the discussion stays closed to plain reads…
    const listed = await call(`/api/responses/${questionId}`, reader);
    expect(listed.status).toBe(403);
    // …but the person who just answered may follow it live.
    const follower = await connect([topic], { deviceId: reader });
    expect(follower.subscribed).toEqual({ type: 'subscribed', topics: [topic], refused: [] });
    const stranger = await connect([topic], { deviceId: await register() });
    expect(stranger.subscribed).toMatchObject({
      topics: [],
      refused: [{ topic, reason: 'forbidden' }],
    });

    // The projector comes back: the follower hears of the answers it projects.
    await elsewhere.store.leases.release(elsewhere.lease!);
    const until = Date.now() + 15_000;
    while (!follower.messages.some((m) => m.type === 'changed')) {
      if (Date.now() > until) throw new Error('no change notice');
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(stranger.messages.filter((m) => m.type === 'changed')).toEqual([]);
    follower.socket.close();
    stranger.socket.close();
  }, 30_000);
});
