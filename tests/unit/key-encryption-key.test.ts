import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../infra/config';
import {
  loadKeyEncryptionKey,
  parseKeyEncryptionKey,
} from '../../infra/key-vault/key-encryption-key';

describe('the key-encryption key', () => {
  const key = randomBytes(32);

  it('is read from KEY_ENCRYPTION_KEY as hex or base64, and nothing shorter', () => {
    for (const written of [
      key.toString('hex'),
      key.toString('base64'),
      key.toString('base64url'),
    ]) {
      expect(parseKeyEncryptionKey(written)?.equals(key)).toBe(true);
    }
    for (const wrong of ['', 'secret', randomBytes(16).toString('hex'), 'z'.repeat(64)]) {
      expect(parseKeyEncryptionKey(wrong)).toBeNull();
    }
    expect(
      loadConfig({ KEY_ENCRYPTION_KEY: key.toString('hex') }).keyVault.keyEncryptionKey,
    ).toEqual({
      kind: 'value',
      key,
    });
    expect(() => loadConfig({ KEY_ENCRYPTION_KEY: 'secret' })).toThrow(/KEY_ENCRYPTION_KEY/);
    expect(() =>
      loadConfig({ KEY_ENCRYPTION_KEY: key.toString('hex'), KEY_ENCRYPTION_KEY_FILE: '/x' }),
    ).toThrow(ConfigError);
  });

  it('is otherwise a file made once, owner-only, apart from the log (by default in DATA_DIR)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'boon-kek-'));
    try {
      const source = loadConfig({ DATA_DIR: dir }).keyVault.keyEncryptionKey;
      expect(source).toEqual({ kind: 'file', file: join(dir, 'key-encryption-key') });
      const made = loadKeyEncryptionKey(source);
      expect(made.length).toBe(32);
      expect(statSync(join(dir, 'key-encryption-key')).mode & 0o777).toBe(0o600);
      expect(loadKeyEncryptionKey(source).equals(made)).toBe(true);
      expect(readFileSync(join(dir, 'key-encryption-key'), 'utf8').trim()).toBe(
        made.toString('base64'),
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
