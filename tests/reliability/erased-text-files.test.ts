import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnServer, type RealServer } from '../support/real-server';

const dataDir = mkdtempSync(join(tmpdir(), 'boon-erased-files-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Every file of the data folder (the log, the read models, the vault and their WALs), raw. */
const filesHolding = (marker: string) =>
  readdirSync(dataDir).filter((name) => {
    const path = join(dataDir, name);
    return existsSync(path) && readFileSync(path).includes(Buffer.from(marker, 'utf8'));
  });

const call = async (
  server: RealServer,
  method: string,
  path: string,
  deviceId: string,
  body?: unknown,
  minPosition?: unknown,
) => {
  const res = await fetch(`${server.url}/api${path}`, {
    method,
    headers: {
      'Content-Type': 'application/json',
      'X-Device-ID': deviceId,
      ...(typeof minPosition === 'string' ? { 'X-Min-Position': minPosition } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

const register = async (server: RealServer) => {
  const deviceId = randomBytes(16).toString('base64url');
  const offers = await call(server, 'POST', '/user/generate-pseudonyms', deviceId, {});
  const pseudonym = (offers.body.pseudonyms as string[])[0];
  const setup = await call(server, 'POST', '/user/setup', deviceId, {
    pseudonym,
    privacyConsent: true,
    termsConsent: true,
  });
  expect(setup.status).toBe(201);
  return deviceId;
};

describe('an erased person’s words on disk', () => {
  it('are gone from every file of the data folder, WALs included, within seconds', async () => {
    const server = await spawnServer({ DATA_DIR: dataDir });
    try {
      const marker = `Zanzibarmarker${randomBytes(6).toString('hex')}`;
      const reply = `Replymarker${randomBytes(6).toString('hex')}`;
      const ann = await register(server);
      const bob = await register(server);
      const today = await call(server, 'GET', '/question/today', ann);
      const answer = await call(server, 'POST', '/responses', ann, {
        questionId: today.body.id,
        content: `I would keep the promise: ${marker} says so, whatever it costs.`,
      });
      expect(answer.status).toBe(201);
      const bobs = await call(server, 'POST', '/responses', bob, {
        questionId: today.body.id,
        content: 'Bob answers so that he may reply to Ann.',
      });
      expect(bobs.status).toBe(201);
      const replied = await call(
        server,
        'POST',
        '/replies',
        ann,
        { responseId: bobs.body.id, content: `Ann replies: ${reply} is my reason.` },
        bobs.body.position,
      );
      expect(replied.status, JSON.stringify(replied.body)).toBe(201);
      // Projected: the read models hold the text (the log holds it sealed, never in plain).
      await expect.poll(() => filesHolding(marker), { timeout: 10_000 }).not.toEqual([]);
      expect(filesHolding(marker).every((name) => name.startsWith('read-models'))).toBe(true);

      const erased = await call(server, 'DELETE', '/user/data', ann, { confirm: true });
      expect(erased.status).toBe(200);
      await expect
        .poll(() => [...filesHolding(marker), ...filesHolding(reply)], {
          timeout: 20_000,
          interval: 250,
        })
        .toEqual([]);
    } finally {
      await server.stop('SIGTERM');
    }
  }, 120_000);
});
