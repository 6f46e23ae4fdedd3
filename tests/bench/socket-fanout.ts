import { fork, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { WebSocketServer } from 'ws';

/** What the measuring process asks of its fleet of client sockets (socket-fleet.ts). */
export type FleetRequest =
  | {
      type: 'open';
      url: string;
      count: number;
      /** Sockets opened at once. */
      batch: number;
      /** The frames each socket sends once open. */
      hello: string[];
      /** The type of the frame that says a socket is in. */
      ready: string;
      /** The type of the frames being timed. */
      timed: string;
    }
  | { type: 'round' }
  | { type: 'collect'; since: string | null }
  | { type: 'close' };

export type FleetReply =
  | { type: 'opened' | 'armed' | 'closed' }
  | { type: 'collected'; at: number[] }
  | { type: 'failed'; message: string };

/** The wall clock both processes share: epoch milliseconds, sub-millisecond resolution. */
export const epochNow = () => performance.timeOrigin + performance.now();

export type Fleet = {
  /** Forgets the frames of the round before. */
  round: () => Promise<void>;
  /**
   * When each socket received its first timed frame of the round (epoch ms), counting only
   * frames at position `since` or later when given; waits up to 10 s for every socket.
   */
  collect: (since?: bigint) => Promise<number[]>;
  close: () => Promise<void>;
};

/**
 * Opens `count` client sockets in a process of their own, so the measured server and the
 * clients do not share one event loop (on a small machine they still share its cores).
 */
export const openFleet = async (
  spec: Omit<Extract<FleetRequest, { type: 'open' }>, 'type'>,
): Promise<Fleet> => {
  const child: ChildProcess = fork(join(import.meta.dirname, 'socket-fleet.ts'), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ask = (request: FleetRequest) =>
    new Promise<FleetReply>((resolve, reject) => {
      const onExit = (code: number | null) => reject(new Error(`socket fleet exited (${code})`));
      child.once('exit', onExit);
      child.once('message', (reply: FleetReply) => {
        child.off('exit', onExit);
        if (reply.type === 'failed') reject(new Error(reply.message));
        else resolve(reply);
      });
      child.send(request);
    });
  await ask({ type: 'open', ...spec });
  return {
    round: async () => {
      await ask({ type: 'round' });
    },
    collect: async (since) => {
      const reply = await ask({ type: 'collect', since: since?.toString() ?? null });
      return reply.type === 'collected' ? reply.at : [];
    },
    close: async () => {
      await ask({ type: 'close' });
    },
  };
};

/**
 * The baseline of every fan-out figure: a bare `ws` server sending the same frames to as many
 * sockets (a fleet in its own process, as the measured server's), each round timed from the
 * send. Returns every socket's latency of every round.
 */
export const bareBroadcast = async (
  count: number,
  rounds: number,
  frameOf: (round: number) => { type: string },
): Promise<number[]> => {
  const bare = createServer();
  const wss = new WebSocketServer({ server: bare });
  wss.on('connection', (socket) => socket.once('message', () => socket.send('{"type":"ready"}')));
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
  const fleet = await openFleet({
    url: `ws://127.0.0.1:${(bare.address() as AddressInfo).port}`,
    count,
    batch: 250,
    hello: ['hello'],
    ready: 'ready',
    timed: frameOf(0).type,
  });
  const latencies: number[] = [];
  for (let round = 0; round < rounds; round++) {
    await fleet.round();
    const frame = JSON.stringify(frameOf(round));
    const sent = epochNow();
    for (const client of wss.clients) client.send(frame);
    latencies.push(...(await fleet.collect()).map((at) => at - sent));
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await fleet.close();
  wss.close();
  bare.close();
  return latencies;
};
