import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../api/server';
import WebSocket from 'ws';
import type { ServerMessage } from '../../domain/contracts/live';
import { loadConfig } from '../../infra/config';
import { silentLogger } from '../../infra/logger';
import { allProjections } from '../../projections';
import { liveClient } from '../support/live-client';
import { newDeviceId, testAdmin, testBank } from '../support/test-app';

let server: RunningServer;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'boon-live-'));
  server = await startServer({
    config: loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      ADMIN_USERNAME: testAdmin.username,
      ADMIN_PASSWORD: testAdmin.password,
    }),
    logger: silentLogger(),
    bank: testBank,
    clock: { now: () => new Date('2026-11-22T15:00:00Z') },
  });
});
afterAll(async () => {
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const { call, register, connect } = liveClient(() => server.url);

const todaysQuestionId = async () =>
  ((await call('/api/question/today', newDeviceId())).body as { id: number }).id;

const until = async (predicate: () => boolean, ms = 3000) => {
  const deadline = Date.now() + ms;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
};

describe('the ws hub', () => {
  it('pushes a change notice to a reader of a question when someone answers it', async () => {
    const questionId = await todaysQuestionId();
    const reader = await register();
    await call('/api/responses', reader, { content: 'my own answer first', questionId });
    const { socket, messages } = await connect([`responses:${questionId}`], { deviceId: reader });
    const answered = await call('/api/responses', await register(), {
      content: 'a live answer here',
      questionId,
    });
    expect(answered.status).toBe(201);
    await until(() =>
      messages.some(
        (m) => m.type === 'changed' && BigInt(m.position) >= BigInt(answered.body.position),
      ),
    );
    expect(messages.find((m) => m.type === 'changed')).toEqual({
      type: 'changed',
      topic: `responses:${questionId}`,
      position: expect.any(String),
    });
    socket.close();
  });

  it('refuses a question’s notices to a socket that may not read its answers', async () => {
    const questionId = await todaysQuestionId();
    const topic = `responses:${questionId}`;
    const anonymous = await connect([topic]);
    expect(anonymous.subscribed).toEqual({
      type: 'subscribed',
      topics: [],
      refused: [{ topic, reason: 'forbidden' }],
    });
    const unregistered = await connect([topic], { deviceId: newDeviceId() });
    expect(unregistered.subscribed).toMatchObject({ topics: [], refused: [{ topic }] });
    const notAnswered = await connect([topic], { deviceId: await register() });
    expect(notAnswered.subscribed).toMatchObject({ topics: [], refused: [{ topic }] });
    // A reader who may follow the topic: the notice reaches it, so it was sent to every follower.
    const reader = await register();
    await call('/api/responses', reader, { content: 'my own answer, first', questionId });
    const allowed = await connect([topic], { deviceId: reader });
    const answered = await call('/api/responses', await register(), {
      content: 'answer nobody may see',
      questionId,
    });
    await until(() =>
      allowed.messages.some(
        (m) => m.type === 'changed' && BigInt(m.position) >= BigInt(answered.body.position),
      ),
    );
    for (const { socket, messages } of [anonymous, unregistered, notAnswered]) {
      // Whatever the server sent this socket before the notice's fan-out arrives before the
      // answer to a message sent after it: the socket is in order.
      const before = messages.length;
      socket.send(JSON.stringify({ type: 'subscribe', topics: ['question:today'] }));
      await until(() => messages.slice(before).some((m) => m.type === 'subscribed'));
      expect(messages.filter((m) => m.type === 'changed' && m.topic === topic)).toEqual([]);
      socket.close();
    }
    allowed.socket.close();
  });

  it('tells admins, and only admins, that the brainstorm board or the submissions changed', async () => {
    const login = await fetch(`${server.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(testAdmin),
    });
    const { token } = (await login.json()) as { token: string };
    const topic = 'admin:contributions';
    const admin = await connect([topic], { adminToken: token });
    expect(admin.subscribed).toEqual({ type: 'subscribed', topics: [topic], refused: [] });
    const member = await connect([topic], { deviceId: await register() });
    const forged = await connect([topic], { adminToken: `${token}x` });
    for (const refused of [member, forged]) {
      expect(refused.subscribed).toMatchObject({ topics: [], refused: [{ topic }] });
    }
    const sent = await call('/api/submissions', await register(), {
      content: 'Is it fair to keep a secret that protects a friend?',
    });
    expect(sent.status).toBe(201);
    await until(() =>
      admin.messages.some(
        (m) => m.type === 'changed' && BigInt(m.position) >= BigInt(sent.body.position),
      ),
    );
    expect(admin.messages.filter((m) => m.type === 'changed')).toEqual([
      { type: 'changed', topic, position: expect.any(String) },
    ]);
    for (const { socket, messages } of [member, forged]) {
      expect(messages.filter((m) => m.type === 'changed')).toEqual([]);
      socket.close();
    }
    admin.socket.close();
  });

  it('keeps public topics open to anyone, and personal ones to the socket’s own person', async () => {
    const anonymous = await connect(['question:today', 'me:profile']);
    expect(anonymous.subscribed).toEqual({
      type: 'subscribed',
      topics: ['question:today'],
      refused: [{ topic: 'me:profile', reason: 'forbidden' }],
    });
    const registered = await connect(['me:profile'], { deviceId: await register() });
    expect(registered.subscribed).toMatchObject({ topics: ['me:profile'], refused: [] });
    anonymous.socket.close();
    registered.socket.close();
  });

  it('answers nothing before identify, and refuses unknown or malformed topics without closing', async () => {
    const socket = new WebSocket(`${server.url.replace('http', 'ws')}/ws`);
    const messages: ServerMessage[] = [];
    socket.on('message', (raw) => messages.push(JSON.parse(raw.toString()) as ServerMessage));
    await new Promise((r) => socket.on('open', r));
    socket.send(JSON.stringify({ type: 'subscribe', topics: ['question:today'] }));
    await until(() => messages.length === 1);
    expect(messages[0]).toMatchObject({
      type: 'error',
      message: expect.stringMatching(/Identify first/),
    });
    socket.send(JSON.stringify({ type: 'identify' }));
    socket.send(
      JSON.stringify({
        type: 'subscribe',
        topics: ['journal:someone-else', 'responses:abc', 'question:today'],
      }),
    );
    await until(() => messages.some((m) => m.type === 'subscribed'));
    expect(messages.find((m) => m.type === 'subscribed')).toEqual({
      type: 'subscribed',
      topics: ['question:today'],
      refused: [
        { topic: 'journal:someone-else', reason: 'unknown' },
        { topic: 'responses:abc', reason: 'unknown' },
      ],
    });
    socket.send('not json');
    socket.send(JSON.stringify({ type: 'identify', deviceId: 'x' }));
    await until(() => messages.filter((m) => m.type === 'error').length === 3);
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
    expect(body.projections.map((p) => p.name)).toEqual(allProjections.map((p) => p.name));
    // Which process holds a projection, and its errors, are for operators (/ops/projections).
    for (const standing of body.projections) {
      expect(Object.keys(standing)).not.toContain('leaseOwner');
      expect(Object.keys(standing)).not.toContain('lastError');
      expect(standing).toHaveProperty('failing', false);
    }
  });
});
