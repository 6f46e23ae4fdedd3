import autocannon from 'autocannon';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../../api/server';
import { createKdfPool, defaultKdfWorkers } from '../../infra/auth/kdf-pool';
import { hashPassword, PRODUCTION_SCRYPT_COST, verifyPassword } from '../../infra/auth/passwords';
import { loadConfig } from '../../infra/config';
import { silentLogger } from '../../infra/logger';
import type { Figure } from './report';

const SIGN_INS = 24;
/** Sign-ins asked for at once; the app's hashing pool runs `defaultKdfWorkers()` of them. */
const PARALLEL = 4;

const inParallel = async (count: number, parallel: number, task: (i: number) => Promise<void>) => {
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < count) await task(next++);
    }),
  );
};

const rate = (url: string, path: string, headers: Record<string, string>) =>
  new Promise<autocannon.Result>((resolve, reject) =>
    autocannon({ url: url + path, connections: 10, duration: 5, headers }, (error, result) =>
      error ? reject(error) : resolve(result),
    ),
  );

/**
 * What accounts cost: a sign-in at production scrypt cost against the bare key derivation it
 * must do, and an authenticated session read against an anonymous read of today's question.
 */
export const authCost = async (): Promise<Figure[]> => {
  const dataDir = mkdtempSync(join(tmpdir(), 'boon-bench-auth-'));
  const server = await startServer({
    config: loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'silent' }),
    logger: silentLogger(),
  });
  const password = 'a long enough passphrase';
  const post = (path: string, body: object) =>
    fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const signedUp = (await (
    await post('/api/auth/signup', { email: 'bench@example.org', password })
  ).json()) as { signup_token: string };
  const link = server.context.mail.outbox!.entries().at(-1)!.links[0]!;
  const verified = await post('/api/auth/verify', {
    token: new URL(link).searchParams.get('token'),
    signup_token: signedUp.signup_token,
  });
  const session = (await verified.json()) as { access_token: string };

  let signedIn = 0;
  const started = performance.now();
  await inParallel(SIGN_INS, PARALLEL, async () => {
    const res = await post('/api/auth/signin', { email: 'bench@example.org', password });
    if (res.status === 200) signedIn++;
    await res.arrayBuffer();
  });
  const signInRate = SIGN_INS / ((performance.now() - started) / 1000);

  // The baseline derives through a pool of the same size as the app's.
  const pool = createKdfPool();
  const stored = await hashPassword(password, PRODUCTION_SCRYPT_COST, pool.derive);
  const kdfStarted = performance.now();
  await inParallel(SIGN_INS, PARALLEL, async () => {
    await verifyPassword(password, stored, pool.derive);
  });
  const kdfRate = SIGN_INS / ((performance.now() - kdfStarted) / 1000);
  await pool.close();

  const authed = await rate(server.url, '/api/auth/session', {
    authorization: `Bearer ${session.access_token}`,
  });
  const anonymous = await rate(server.url, '/api/question/today', {});
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });

  const sessionRate = authed['2xx'] / 5;
  const anonymousRate = anonymous['2xx'] / 5;
  return [
    {
      name: `sign-in at scrypt N=2^17, ${PARALLEL} asked at a time, ${defaultKdfWorkers()} hashing thread(s)`,
      value: signInRate,
      unit: 'sign-ins/s',
      baseline: kdfRate,
      baselineName: 'bare scrypt verifications through the same pool',
      ratio: signInRate / kdfRate,
      target: '≥ 0.8',
      met: signInRate / kdfRate >= 0.8 && signedIn === SIGN_INS,
      note: `${signedIn}/${SIGN_INS} signed in; one verification takes ${Math.round((1000 / kdfRate) * defaultKdfWorkers())} ms`,
    },
    {
      name: 'authenticated GET /api/auth/session (token + session and account streams)',
      value: sessionRate,
      unit: 'req/s',
      baseline: anonymousRate,
      baselineName: 'anonymous GET /api/question/today',
      ratio: sessionRate / anonymousRate,
      target: '≥ 0.3',
      met: sessionRate / anonymousRate >= 0.3 && authed.non2xx === 0,
      note: `p99 ${authed.latency.p99} ms vs ${anonymous.latency.p99} ms`,
    },
  ];
};
