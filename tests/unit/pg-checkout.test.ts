import { createServer, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { checkOut, openPool } from '../../infra/postgres/pool';

/** One backend message: its type byte, its length (self included) and its body. */
const message = (type: string, body: Buffer) => {
  const head = Buffer.alloc(5);
  head.write(type, 0, 'latin1');
  head.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
};

const authenticationOk = message('R', Buffer.from([0, 0, 0, 0]));
const readyForQuery = message('Z', Buffer.from('I'));
/** What `pg_terminate_backend` makes a backend say before it closes its socket. */
const terminating = message(
  'E',
  Buffer.from(
    'SFATAL\0VFATAL\0C57P01\0Mterminating connection due to administrator command\0\0',
    'latin1',
  ),
);

/**
 * A server that speaks just enough of PostgreSQL's protocol to let a client in, and in the same
 * write (so in one network read of the client) ends the session as `pg_terminate_backend` does.
 */
const terminatingServer = async () => {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.once('data', () => {
      socket.end(Buffer.concat([authenticationOk, readyForQuery, terminating]));
    });
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `postgres://boon:boon@127.0.0.1:${port}/boon`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
};

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

describe('a pooled connection for a transaction (checkOut)', () => {
  it('hears a termination that arrives in the same read as the hand-over, and fails the next statement instead of ending the process', async () => {
    const server = await terminatingServer();
    cleanups.push(server.close);
    const pool = openPool({ connectionString: server.url, poolSize: 1 });
    cleanups.push(() => pool.end().catch(() => {}));
    const uncaught: unknown[] = [];
    const hear = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', hear);
    cleanups.push(async () => void process.off('uncaughtException', hear));

    const { client, release } = await checkOut(pool);
    // Let the socket's end arrive too: pg reports it as a second error.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const next = await client.query('SELECT 1').then(
      () => null,
      (error: unknown) => error,
    );
    release(next instanceof Error ? next : undefined);

    expect(uncaught).toEqual([]);
    expect(next).toBeInstanceOf(Error);
    // The dead connection left the pool.
    expect(pool.totalCount).toBe(0);
  });
});
