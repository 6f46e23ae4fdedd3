import { chmodSync, copyFileSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { diagnose, type Finding } from '../../api/ops/doctor-checks';
import { startProjector } from '../../api/processes/projector';
import { openStores } from '../../api/stores';
import { loadConfig } from '../../infra/config';
import { PARKED, type ParkedDoc } from '../../projections/engine/parked-reactions';
import { silentLogger } from '../../infra/logger';
import pg from 'pg';
import { activation, appendEvents } from '../support/seed';
import { createTestDatabase, postgresServer } from '../support/postgres';

const dataDir = mkdtempSync(join(tmpdir(), 'boon-doctor-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const fixes = (findings: Finding[]) => findings.filter((f) => !f.ok);
const said = (findings: Finding[]) => findings.map((f) => `${f.check}: ${f.detail}`).join('\n');

describe('npm run doctor (api/ops/doctor.ts)', () => {
  it('names every variable the configuration refuses', async () => {
    const findings = await diagnose({ PORT: 'eighty', DAY_TIMEZONE: 'Mars/Olympus' });
    expect(findings.every((f) => f.check === 'configuration' && !f.ok)).toBe(true);
    expect(said(findings)).toMatch(/PORT/);
    expect(said(findings)).toMatch(/DAY_TIMEZONE/);
  });

  it('says what to do on a broken setup, and finds nothing once it is mended', async () => {
    const stores = await openStores(loadConfig({ DATA_DIR: dataDir }), silentLogger());
    await appendEvents(stores.events, 'question-of-the-day-2026-03-01', [
      activation('2026-03-01', 3),
    ]);
    // An event the badge reactor gave up on.
    const [activated] = await stores.events.readAll({ maxCount: 1 });
    await stores.readStore.transaction(async (tx) => {
      await tx.collection<ParkedDoc>(PARKED).upsertOne({
        _id: `badge-awards:${activated!.id}`,
        reactor: 'badge-awards',
        eventId: activated!.id,
        eventType: activated!.type,
        position: String(activated!.position),
        attempts: 8,
        error: 'the badge stream did not answer',
        parkedAt: '2026-03-01T12:00:00.000Z',
        retryAsked: 0,
      });
    });
    await stores.close();
    const log = join(dataDir, 'boon.sqlite');
    const kek = join(dataDir, 'key-encryption-key');
    chmodSync(dataDir, 0o755);
    chmodSync(log, 0o644);
    renameSync(kek, `${kek}.away`);

    const broken = await diagnose({ DATA_DIR: dataDir }, { minFreeBytes: Number.MAX_SAFE_INTEGER });
    const text = said(fixes(broken));
    expect(text).toContain(`chmod 700 ${dataDir}`);
    expect(text).toContain(`chmod 600 ${log}`);
    expect(text).toMatch(/key-encryption key: missing at .* restore it/);
    expect(text).toMatch(/projection questions: 1 events behind and nobody runs it/);
    expect(text).toMatch(/leases: \d+ of \d+ held by no process: start a projector/);
    expect(text).toMatch(/disk: .* make room/);
    expect(text).toContain(
      'reactor badge-awards: 1 event parked (the oldest, QuestionOfTheDayActivated at 1: the ' +
        'badge stream did not answer): fix the cause, then npm run projections -- retry badge-awards',
    );

    chmodSync(dataDir, 0o700);
    chmodSync(log, 0o600);
    copyFileSync(`${kek}.away`, kek);
    const projector = await startProjector({
      config: loadConfig({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1' }),
      logger: silentLogger(),
    });
    try {
      await projector.runtime.ops.retryParked('badge-awards');
      await expect
        .poll(async () => said(fixes(await diagnose({ DATA_DIR: dataDir }, { minFreeBytes: 1 }))), {
          timeout: 20_000,
        })
        .toBe('');
    } finally {
      await projector.close();
    }
  });

  it('says which engine does not answer', async () => {
    const findings = await diagnose({
      DATA_DIR: dataDir,
      EVENTSTORE_URL: 'esdb://127.0.0.1:4359?tls=false',
      MONGODB_URL:
        'mongodb://127.0.0.1:4358/boon?directConnection=true&serverSelectionTimeoutMS=500',
    });
    expect(said(fixes(findings))).toMatch(/engines: .*start the engine or fix its URL/);
  }, 30_000);
});

const postgres = await postgresServer();
describe.skipIf(!postgres.available)('npm run doctor on PostgreSQL', () => {
  it('checks the server, its durability, room for the pools, the schema and the vault', async () => {
    const db = await createTestDatabase('boon_doctor');
    const scratch = mkdtempSync(join(tmpdir(), 'boon-doctor-pg-'));
    const env = { DATABASE_URL: db.url, DATA_DIR: scratch };
    try {
      const fresh = await diagnose(env, { minFreeBytes: 1 });
      expect(said(fixes(fresh))).toBe('');
      expect(said(fresh)).toMatch(/server: PostgreSQL 1\d/);
      expect(said(fresh)).toMatch(/schema: no log yet/);

      // A database whose commits skip the disk, and pools too big for the server.
      const admin = new pg.Client({ connectionString: db.url });
      await admin.connect();
      await admin.query(`ALTER DATABASE "${db.name}" SET synchronous_commit = off`);
      await admin.end();
      const broken = await diagnose({ ...env, DATABASE_POOL_SIZE: '200' }, { minFreeBytes: 1 });
      const text = said(fixes(broken));
      expect(text).toMatch(/durability: synchronous_commit=off.*set both on/);
      expect(text).toMatch(/pool: up to 406 connections a process .* lower the pool size/);

      const unreachable = await diagnose(
        { DATABASE_URL: 'postgres://boon:secret@127.0.0.1:9/boon', DATA_DIR: scratch },
        { minFreeBytes: 1 },
      );
      expect(said(fixes(unreachable))).toMatch(
        /server: DATABASE_URL: postgres:\/\/boon:\*\*\*@127\.0\.0\.1:9\/boon does not answer/,
      );
    } finally {
      await db.drop();
      rmSync(scratch, { recursive: true, force: true });
    }
  });
});
