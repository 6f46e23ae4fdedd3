import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startServer, type RunningServer } from '../../api/server';
import type { ServerMessage } from '../../domain/contracts/live';
import { loadConfig } from '../../infra/config';
import { silentLogger } from '../../infra/logger';
import { newDeviceId, testBank } from '../support/test-app';

let server: RunningServer;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'boon-live-'));
  server = await startServer({
    config: loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'silent' }),
    logger: silentLogger(),
    bank: testBank,
    clock: { now: () => new Date('2026-11-22T15:00:00Z') },
  });
});
afterAll(async () => {
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const call = async (path: string, deviceId: string, body?: unknown) => {
  const res = await fetch(`${server.url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Device-ID': deviceId },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as any }; // eslint-disable-line @typescript-eslint/no-explicit-any
};

const register = async () => {
  const deviceId = newDeviceId();
  const { body } = await call('/api/user/generate-pseudonyms', deviceId, {});
  await call('/api/user/setup', deviceId, {
    pseudonym: body.pseudonyms[0],
    privacyConsent: true,
    termsConsent: true,
  });
  return deviceId;
};

const connect = (topics: string[]) =>
  new Promise<{ socket: WebSocket; messages: ServerMessage[] }>((resolve, reject) => {
    const socket = new WebSocket(`${server.url.replace('http', 'ws')}/ws`);
    const messages: ServerMessage[] = [];
    socket.on('message', (raw) => {
      const message = JSON.parse(raw.toString()) as ServerMessage;
      messages.push(message);
      if (message.type === 'subscribed') resolve({ socket, messages });
    });
    socket.on('open', () => socket.send(JSON.stringify({ type: 'subscribe', topics })));
    socket.on('error', reject);
  });

const until = async (predicate: () => boolean, ms = 3000) => {
  const deadline = Date.now() + ms;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
};

describe('the ws hub', () => {
  it('pushes a change notice to subscribers of a question when someone answers it', async () => {
    const question = (await call('/api/question/today', newDeviceId())).body as { id: number };
    const { socket, messages } = await connect([`responses:${question.id}`, 'responses:999']);
    const answered = await call('/api/responses', await register(), {
      content: 'a live answer here',
      questionId: question.id,
    });
    expect(answered.status).toBe(201);
    await until(() => messages.some((m) => m.type === 'changed'));
    const notice = messages.find((m) => m.type === 'changed')!;
    expect(notice).toEqual({
      type: 'changed',
      topic: `responses:${question.id}`,
      position: expect.any(String),
    });
    expect(BigInt((notice as { position: string }).position)).toBeGreaterThanOrEqual(
      BigInt(answered.body.position),
    );
    socket.close();
  });

  it('refuses private or malformed subscriptions without closing the socket', async () => {
    const { socket, messages } = await connect(['journal:someone-else', 'responses:1']);
    expect(messages[0]).toEqual({ type: 'subscribed', topics: ['responses:1'] });
    socket.send('not json');
    await until(() => messages.some((m) => m.type === 'error'));
    expect(socket.readyState).toBe(WebSocket.OPEN);
    socket.close();
  });

  it('serves /healthz with each projection’s checkpoint and lag', async () => {
    const res = await fetch(`${server.url}/healthz`);
    const body = (await res.json()) as {
      status: string;
      eventStore: string;
      projections: { name: string }[];
    };
    expect(body.status).toBe('ok');
    expect(body.eventStore).toBe('sqlite');
    expect(body.projections.map((p: { name: string }) => p.name)).toEqual([
      'identity',
      'questions',
      'responses-by-question',
      'replies',
      'echoes',
      'perspective-pairs',
    ]);
  });
});
