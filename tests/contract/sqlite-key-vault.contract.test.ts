import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSqliteKeyVault } from '../../infra/key-vault/sqlite-key-vault';
import { openSqlite } from '../../infra/sqlite';
import { describeKeyVaultContract } from './key-vault-contract';

for (const writerThread of [false, true]) {
  describeKeyVaultContract(
    writerThread ? 'SQLite, new keys committed on a writer thread' : 'SQLite',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'boon-vault-'));
      const file = join(dir, 'keys.sqlite');
      const open = async (kek: Buffer) => {
        const db = openSqlite(file);
        try {
          const vault = await openSqliteKeyVault(db, kek, { writerThread });
          return {
            ...vault,
            close: async () => {
              await vault.close();
              db.close();
            },
          };
        } catch (error) {
          db.close();
          throw error;
        }
      };
      return {
        open,
        storedBytes: async () =>
          Buffer.concat(
            [file, `${file}-wal`].filter((f) => existsSync(f)).map((f) => readFileSync(f)),
          ),
        dispose: async () => rmSync(dir, { recursive: true, force: true }),
      };
    },
  );
}
