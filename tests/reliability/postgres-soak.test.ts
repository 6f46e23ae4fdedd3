import { describe, expect, it } from 'vitest';
import { killCycles } from '../bench/soak';
import { createTestDatabase, postgresServer } from '../support/postgres';

const server = await postgresServer();

/**
 * The kill -9 soak on PostgreSQL, shortened for every `npm test` (the bench runs 20 cycles under
 * 40 writers): `npm start`'s process killed five times while people write through HTTP.
 */
describe.skipIf(!server.available)('kill -9 under write load, on PostgreSQL', () => {
  it('loses no acknowledged write, and leaves read models equal to a fresh replay of the log', async () => {
    const database = await createTestDatabase('boon_soak_test');
    try {
      const [lost, differing] = await killCycles({ DATABASE_URL: database.url }, ' on PostgreSQL', {
        cycles: 5,
        clients: 16,
        workers: 6,
      });
      expect(lost!.baseline, 'some writes were acknowledged').toBeGreaterThan(0);
      expect(lost!.value, lost!.name).toBe(0);
      expect(differing!.baseline, 'the read models hold documents').toBeGreaterThan(0);
      expect(differing!.value, differing!.name).toBe(0);
    } finally {
      await database.drop();
    }
  }, 240_000);
});
