import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const NOBODY = 65534;
const asRoot = process.getuid?.() === 0;

describe('a key-encryption key given as a mounted secret', () => {
  // A compose or Kubernetes secret is read-only to the process, and not its own: only root can
  // set up a file this process may read but not change, so the check runs where root can.
  it.skipIf(!asRoot)('is read as given, not tightened, when the process may not change it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'boon-secret-'));
    try {
      chmodSync(dir, 0o755);
      const file = join(dir, 'key_encryption_key');
      const key = randomBytes(32);
      writeFileSync(file, `${key.toString('hex')}\n`, { mode: 0o644 });
      const module = pathToFileURL(resolve('infra/key-vault/key-encryption-key.ts')).href;
      const child = spawnSync(
        process.execPath,
        [
          '--import',
          'tsx',
          '--input-type=module',
          '-e',
          `const { loadKeyEncryptionKey } = await import(${JSON.stringify(module)});
           process.stdout.write(loadKeyEncryptionKey({ kind: 'file', file: ${JSON.stringify(file)} }).toString('hex'));`,
        ],
        { uid: NOBODY, gid: NOBODY, encoding: 'utf8', env: { ...process.env, HOME: dir } },
      );
      expect(child.stderr).toBe('');
      expect(child.stdout).toBe(key.toString('hex'));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
