import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generateVapidKeys, loadVapidKeys, VAPID_KEYS_FILE } from '../../api/push/vapid-keys';

const dir = mkdtempSync(join(tmpdir(), 'boon-vapid-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('VAPID keys', () => {
  it('are made once into the data directory, readable by its owner only, and the same at every start', () => {
    const first = loadVapidKeys(undefined, dir);
    expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
    expect(Buffer.from(first.publicKey, 'base64url')[0]).toBe(4);
    expect(Buffer.from(first.privateKey, 'base64url')).toHaveLength(32);
    expect(statSync(join(dir, VAPID_KEYS_FILE)).mode & 0o777).toBe(0o600);
    expect(loadVapidKeys(undefined, dir)).toEqual(first);
  });

  it('come from configuration when set, and a public key that is not the private key’s is refused', () => {
    const configured = generateVapidKeys();
    expect(loadVapidKeys(configured, dir)).toEqual(configured);
    const other = generateVapidKeys();
    expect(() =>
      loadVapidKeys({ publicKey: other.publicKey, privateKey: configured.privateKey }, dir),
    ).toThrow(/does not belong/);
  });
});
