import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../api/server';
import { loadConfig } from '../../infra/config';
import { silentLogger } from '../../infra/logger';
import { testBank } from '../support/test-app';

const run = promisify(execFile);
let server: RunningServer;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'boon-admin-link-'));
  server = await startServer({
    config: loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD: 'a configured admin password',
    }),
    logger: silentLogger(),
    bank: testBank,
    passwordCost: 2 ** 10,
  });
});
afterAll(async () => {
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** `npm run admin-link -- …` as whoever runs Boon types it on the server's machine. */
const adminLink = async (...args: string[]) => {
  try {
    const { stdout, stderr } = await run(process.execPath, ['scripts/admin-link.mjs', ...args], {
      env: { ...process.env, PORT: new URL(server.url).port },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
};

describe('npm run admin-link', () => {
  it('prints a link that signs the admin in once', async () => {
    const made = await adminLink('admin');
    expect(made.code).toBe(0);
    const link = /http:\/\/\S+\/auth\/admin-link\?\S+/.exec(made.stdout)?.[0];
    expect(link).toBeDefined();
    const query = new URL(link!).searchParams;
    const use = () =>
      fetch(`${server.url}/api/admin/login/link`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ username: query.get('admin'), token: query.get('token') }),
      });
    const first = await use();
    expect(first.status).toBe(200);
    expect(((await first.json()) as { token: string }).token).toEqual(expect.any(String));
    expect((await use()).status).toBe(400);
  });

  it('answers bad input with one line and a non-zero exit', async () => {
    const missing = await adminLink();
    expect(missing.code).toBe(2);
    expect(missing.stderr.trim()).toBe('usage: npm run admin-link -- <username>');
    const unknown = await adminLink('nobody');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr.trim()).toBe('404: nobody is not an admin.');
  });
});
