import { randomBytes } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Sealed } from '../../domain/accounts/events';
import { startServer } from '../../api/server';
import { KEY_VAULT_FILE, LOG_FILE, openStores, READ_MODELS_FILE } from '../../api/stores';
import { seal, unseal } from '../../infra/auth/sealing';
import { loadConfig } from '../../infra/config';
import { KeyVaultLockedError, KeyVaultMissingError } from '../../infra/key-vault/wrapped-vault';
import { silentLogger } from '../../infra/logger';
import { openSqlite } from '../../infra/sqlite';

const EMAIL = 'ada@example.org';
const dirs: string[] = [];
const tempDir = (name: string) => {
  const dir = mkdtempSync(join(tmpdir(), `boon-rest-${name}-`));
  dirs.push(dir);
  return dir;
};
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const configFor = (dataDir: string, options: { newVault?: boolean } = {}) => {
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
  });
  return { ...config, keyVault: { ...config.keyVault, allowNew: options.newVault ?? false } };
};

/** A server on this folder with one signed-up account (an email and a password hash sealed). */
const runWithAnAccount = async (dataDir: string) => {
  const running = await startServer({
    config: configFor(dataDir),
    logger: silentLogger(),
    passwordCost: 2 ** 10,
  });
  const res = await fetch(`${running.url}/api/auth/signup`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: EMAIL, password: 'long enough pw' }),
  });
  expect(res.status).toBeLessThan(300);
  await running.close();
};

const sealedIn = (value: unknown): Sealed[] => {
  if (typeof value !== 'object' || value === null) return [];
  if (['keyId', 'iv', 'tag', 'ciphertext'].every((k) => k in value)) return [value as Sealed];
  return Object.values(value).flatMap(sealedIn);
};

/** Opens a data folder as the app would and unseals every sealed value in its log. */
const unsealEverything = async (dataDir: string, options: { newVault?: boolean } = {}) => {
  const stores = await openStores(configFor(dataDir, options), silentLogger());
  try {
    const events = await stores.events.readAll({ maxCount: 100_000 });
    const sealed = events.flatMap((event) => sealedIn(event.data));
    return await Promise.all(sealed.map((s) => unseal(stores.vault, s)));
  } finally {
    await stores.close();
  }
};

const copyInto = (from: string, to: string, names: string[]) =>
  names
    .flatMap((name) => [name, `${name}-wal`])
    .filter((name) => existsSync(join(from, name)))
    .forEach((name) => copyFileSync(join(from, name), join(to, name)));

describe('data at rest', () => {
  it('keeps DATA_DIR to its owner (0700) and every file in it 0600', async () => {
    const previous = process.umask(0o022);
    try {
      const dataDir = join(tempDir('modes'), 'data');
      await runWithAnAccount(dataDir);
      expect(statSync(dataDir).mode & 0o777).toBe(0o700);
      const files = readdirSync(dataDir);
      expect(files).toEqual(
        expect.arrayContaining([
          LOG_FILE,
          READ_MODELS_FILE,
          KEY_VAULT_FILE,
          'auth-secret',
          'key-encryption-key',
        ]),
      );
      for (const file of files) {
        expect({ file, mode: statSync(join(dataDir, file)).mode & 0o777 }).toEqual({
          file,
          mode: 0o600,
        });
      }
    } finally {
      process.umask(previous);
    }
  });

  it('a copy of the log alone unseals nothing; with the vault and its key, everything', async () => {
    const dataDir = tempDir('live');
    await runWithAnAccount(dataDir);
    expect(readFileSync(join(dataDir, LOG_FILE)).includes(EMAIL)).toBe(false);
    expect(readFileSync(join(dataDir, READ_MODELS_FILE)).includes(EMAIL)).toBe(false);

    const logOnly = tempDir('log-only');
    copyInto(dataDir, logOnly, [LOG_FILE]);
    // Opening it needs the operator's word that the vault is begun anew (see below).
    const fromLog = await unsealEverything(logOnly, { newVault: true });
    expect(fromLog.length).toBeGreaterThanOrEqual(2);
    expect(fromLog).toEqual(fromLog.map(() => null));

    const full = tempDir('full');
    copyInto(dataDir, full, [LOG_FILE, KEY_VAULT_FILE, 'key-encryption-key']);
    const fromAll = await unsealEverything(full);
    expect(fromAll).toContain(EMAIL);
    expect(fromAll.every((plain) => typeof plain === 'string')).toBe(true);
  });

  it('refuses a log whose vault is missing, unless told to begin a new vault', async () => {
    const dataDir = tempDir('no-vault');
    await runWithAnAccount(dataDir);
    const logAlone = tempDir('log-alone');
    copyInto(dataDir, logAlone, [LOG_FILE, 'key-encryption-key']);
    await expect(openStores(configFor(logAlone), silentLogger())).rejects.toBeInstanceOf(
      KeyVaultMissingError,
    );
    // The refusal made nothing: the folder still has no vault holding a check of its own.
    const again = await openStores(configFor(logAlone, { newVault: true }), silentLogger());
    await again.close();
    // Begun once on purpose, the new vault is the vault from then on.
    const reopened = await openStores(configFor(logAlone), silentLogger());
    await reopened.close();
    // An empty folder is a first start, never refused.
    const fresh = await openStores(configFor(tempDir('first-start')), silentLogger());
    await fresh.close();
  });

  it('refuses to start with the vault but another key-encryption key', async () => {
    const dataDir = tempDir('wrong-kek');
    await runWithAnAccount(dataDir);
    const stolen = tempDir('stolen');
    copyInto(dataDir, stolen, [LOG_FILE, KEY_VAULT_FILE]);
    await expect(openStores(configFor(stolen), silentLogger())).rejects.toBeInstanceOf(
      KeyVaultLockedError,
    );
  });

  it('moves keys an earlier version kept in the log file into the vault, and wipes them there', async () => {
    const dataDir = tempDir('legacy');
    await runWithAnAccount(dataDir);
    const keys = Array.from({ length: 300 }, () => randomBytes(32));
    const key = keys[0]!;
    const legacy = openSqlite(join(dataDir, LOG_FILE));
    legacy.exec('CREATE TABLE personal_keys (subject TEXT PRIMARY KEY, key BLOB NOT NULL)');
    const insert = legacy.prepare('INSERT INTO personal_keys VALUES (?, ?)');
    keys.forEach((k, i) => insert.run(`account-${i + 1}`, k));
    legacy.close();
    const sealed = await seal(
      {
        keyFor: async () => key,
        find: async () => key,
        findMany: async (subjects) => new Map(subjects.map((subject) => [subject, key])),
        destroy: async () => {},
        importKeys: async () => 0,
        listSubjects: async () => [],
      },
      'account-1',
      EMAIL,
    );

    const stores = await openStores(configFor(dataDir), silentLogger());
    try {
      expect(await unseal(stores.vault, sealed)).toBe(EMAIL);
    } finally {
      await stores.close();
    }
    const log = openSqlite(join(dataDir, LOG_FILE));
    const tables = log.prepare("SELECT name FROM sqlite_master WHERE name = 'personal_keys'").all();
    log.close();
    expect(tables).toEqual([]);
    for (const file of [LOG_FILE, `${LOG_FILE}-wal`].filter((f) => existsSync(join(dataDir, f)))) {
      const bytes = readFileSync(join(dataDir, file));
      expect(keys.filter((k) => bytes.includes(k))).toEqual([]);
    }
  });
});
