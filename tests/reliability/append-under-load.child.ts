// Appends events from many concurrent callers until killed, printing each acknowledged event id.
// Pipes are synchronous on Linux, so a printed id was acknowledged before the line left.
import { randomUUID } from 'node:crypto';
import { openSqliteEventStore } from '../../infra/event-store/sqlite-event-store';
import { openSqlite } from '../../infra/sqlite';

const file = process.argv[2]!;
const store = openSqliteEventStore(openSqlite(file, 'FULL'));
const callers = 32;

const caller = async (n: number) => {
  for (let i = 0; ; i++) {
    const id = randomUUID();
    await store.appendToStream(
      `load-${n}`,
      [{ id, type: 'LoadTested', data: { n, i }, metadata: { v: 1 } }],
      i === 0 ? 'no_stream' : BigInt(i - 1),
    );
    process.stdout.write(`${id}\n`);
  }
};

process.stdout.write('ready\n');
await Promise.all(Array.from({ length: callers }, (_, n) => caller(n)));
