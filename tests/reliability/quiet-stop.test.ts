import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openStores } from '../../api/stores';
import { loadConfig } from '../../infra/config';
import { silentLogger } from '../../infra/logger';
import { allProjections } from '../../projections';
import { projectionStatus } from '../../projections/engine/status';
import { spawnServer } from '../support/real-server';
import { newDeviceId } from '../support/test-app';
import { runCommand } from '../support/command';

/**
 * A store Boon left cleanly (SIGTERM under write load, or the end of `npm run seed`) holds no
 * event its read models never applied, though reactors append while it stops: `npm run
 * migrate -- --verify` compares it at once, with nothing to catch up on.
 */

const root = mkdtempSync(join(tmpdir(), 'boon-quiet-stop-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const command = (script: string, args: string[], env: Record<string, string> = {}) =>
  runCommand(script, args, { LOG_LEVEL: 'warn', ...env });

/** What the stopped folder's projections have left to apply, by name (none, when quiet). */
const behind = async (dataDir: string) => {
  const stores = await openStores(loadConfig({ DATA_DIR: dataDir }), silentLogger());
  try {
    const statuses = await projectionStatus(stores.events, stores.readStore, allProjections, null);
    return statuses.filter((s) => s.lagEvents > 0).map((s) => `${s.name} by ${s.lagEvents}`);
  } finally {
    await stores.close();
  }
};

const verify = (dataDir: string) =>
  command('api/ops/migrate.ts', [
    '--from-data-dir',
    dataDir,
    '--to-data-dir',
    `${dataDir}-copy`,
    '--verify',
  ]);

const post = async (base: string, path: string, deviceId: string, body: unknown) => {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Device-ID': deviceId },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

describe('a clean stop leaves a quiet store', () => {
  it('after SIGTERM under answers whose reactions append while it stops', async () => {
    const dataDir = join(root, 'sigterm');
    const server = await spawnServer({
      DATA_DIR: dataDir,
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD: 'quiet-stop-password',
    });
    const question = (await (
      await fetch(`${server.url}/api/question/today`, {
        headers: { 'X-Device-ID': 'x'.repeat(22) },
      })
    ).json()) as { id: number };
    // Writers answer without pause: each answer asks for reactions (its analysis, a badge),
    // which append after it.
    let answered = 0;
    let writing = true;
    const writer = async (w: number) => {
      for (let i = 0; writing; i++) {
        try {
          const deviceId = newDeviceId();
          const offers = await post(server.url, '/api/user/generate-pseudonyms', deviceId, {});
          const pseudonyms = offers.body.pseudonyms as string[];
          await post(server.url, '/api/user/setup', deviceId, {
            pseudonym: pseudonyms[0],
            privacyConsent: true,
            termsConsent: true,
          });
          const answer = await post(server.url, '/api/responses', deviceId, {
            content: `writer ${w} answers the question, time ${i}, with care`,
            questionId: question.id,
          });
          if (answer.status === 201) answered++;
        } catch {
          return; // the server stopped under it
        }
      }
    };
    const writers = Array.from({ length: 4 }, (_, w) => writer(w));
    await expect.poll(() => answered, { timeout: 60_000 }).toBeGreaterThan(12);
    await server.stop('SIGTERM');
    writing = false;
    await Promise.all(writers);
    expect(server.exitCode()).toBe(0);

    expect(await behind(dataDir)).toEqual([]);
    const verified = await verify(dataDir);
    expect(verified.code, verified.stdout + verified.stderr).toBe(0);
    expect(verified.stdout).toMatch(/^verify: +\d+ read-model collections equal/m);
  }, 180_000);

  it('at the end of npm run seed', async () => {
    const dataDir = join(root, 'seeded');
    const seeded = await command('api/seed/main.ts', ['--days', '2', '--people', '12'], {
      DATA_DIR: dataDir,
      PORT: '0',
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD: 'quiet-stop-password',
    });
    expect(seeded.code, seeded.stderr).toBe(0);
    expect(await behind(dataDir)).toEqual([]);
    const verified = await verify(dataDir);
    expect(verified.code, verified.stdout + verified.stderr).toBe(0);
    expect(verified.stdout).toMatch(/^verify: +\d+ read-model collections equal/m);
  }, 240_000);
});
