import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startServer, type RunningServer } from '../../api/server';
import { READ_MODELS_FILE } from '../../api/stores';
import type { ServerMessage } from '../../domain/contracts/live';
import { loadConfig } from '../../infra/config';
import { silentLogger } from '../../infra/logger';
import { openEmbeddedReadStore } from '../../infra/read-store/embedded-read-store';
import type { Lease, ReadStore } from '../../infra/read-store/read-store';
import { openSqlite, type SqliteDatabase } from '../../infra/sqlite';
import { responsesByQuestionProjection } from '../../projections/responses-by-question';
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

const call = async (path: string, deviceId: string, body?: unknown) => {
  const res = await fetch(`${server.url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Device-ID': deviceId },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

const register = async () => {
  const deviceId = newDeviceId();
  const offers = await call('/api/user/generate-pseudonyms', deviceId, {});
  const setup = await call('/api/user/setup', deviceId, {
    pseudonym: (offers.body.pseudonyms as string[])[0],
    privacyConsent: true,
    termsConsent: true,
  });
  expect(setup.status).toBe(201);
  return deviceId;
};

const subscribe = (deviceId: string, topic: string) =>
  new Promise<{ socket: WebSocket; messages: ServerMessage[]; subscribed: ServerMessage }>(
    (resolve, reject) => {
      const socket = new WebSocket(`${server.url.replace('http', 'ws')}/ws`);
      const messages: ServerMessage[] = [];
      socket.on('message', (raw) => {
        const message = JSON.parse(raw.toString()) as ServerMessage;
        messages.push(message);
        if (message.type === 'identified') {
          socket.send(JSON.stringify({ type: 'subscribe', topics: [topic] }));
        }
        if (message.type === 'subscribed') resolve({ socket, messages, subscribed: message });
      });
      socket.on('open', () => socket.send(JSON.stringify({ type: 'identify', deviceId })));
      socket.on('error', reject);
    },
  );

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
    const follower = await subscribe(reader, topic);
    expect(follower.subscribed).toEqual({ type: 'subscribed', topics: [topic], refused: [] });
    const stranger = await subscribe(await register(), topic);
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
