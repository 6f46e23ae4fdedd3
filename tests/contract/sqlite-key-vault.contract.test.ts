import { openSqliteKeyVault } from '../../infra/key-vault/sqlite-key-vault';
import { openSqlite } from '../../infra/sqlite';
import { describeKeyVaultContract } from './key-vault-contract';

describeKeyVaultContract('SQLite', async () => {
  const db = openSqlite(':memory:');
  return {
    ...openSqliteKeyVault(db),
    close: () => {
      db.close();
    },
  };
});
