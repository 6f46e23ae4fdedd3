import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import WebSocket, { WebSocketServer } from 'ws';

/** A frame as the sockets receive it. */
export type Frame = { type: string; [field: string]: unknown };

export type Clients = {
  url: string;
  count: number;
  /** Sockets opened at once. */
  batch: number;
  /** What each socket sends once open. */
  hello: (socket: WebSocket) => void;
  /** The frame that says a socket is in. */
  ready: (frame: { type: string }) => boolean;
  /** The type of the frames being timed. */
  timed: string;
  onTimed: (at: number, socket: WebSocket, frame: Frame) => void;
};

/** Opens the sockets a fan-out is measured on, a batch at a time, each until it is in. */
export const openClients = async (clients: Clients): Promise<WebSocket[]> => {
  const { url, count, batch, hello, ready, timed, onTimed } = clients;
  const sockets: WebSocket[] = [];
  for (let start = 0; start < count; start += batch) {
    await Promise.all(
      Array.from(
        { length: Math.min(batch, count - start) },
        () =>
          new Promise<void>((resolve, reject) => {
            const socket = new WebSocket(url);
            sockets.push(socket);
            socket.once('error', reject);
            socket.once('open', () => hello(socket));
            socket.on('message', (raw) => {
              const frame = JSON.parse(raw.toString()) as Frame;
              if (ready(frame)) resolve();
              if (frame.type === timed) onTimed(performance.now(), socket, frame);
            });
          }),
      ),
    );
  }
  return sockets;
};

/** Waits until `count()` reaches `expected` (or gives up after 10 s; the caller counts). */
export const until = async (count: () => number, expected: number) => {
  const deadline = performance.now() + 10_000;
  while (count() < expected && performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
};

/**
 * The baseline of every fan-out figure: a bare `ws` server sending the same frames to as many
 * sockets, each round timed from the send. Returns every socket's latency of every round.
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
  let received: number[] = [];
  const sockets = await openClients({
    url: `ws://127.0.0.1:${(bare.address() as AddressInfo).port}`,
    count,
    batch: 250,
    hello: (socket) => socket.send('hello'),
    ready: (frame) => frame.type === 'ready',
    timed: frameOf(0).type,
    onTimed: (at) => received.push(at),
  });
  const latencies: number[] = [];
  for (let round = 0; round < rounds; round++) {
    received = [];
    const frame = JSON.stringify(frameOf(round));
    const sent = performance.now();
    for (const client of wss.clients) client.send(frame);
    await until(() => received.length, count);
    latencies.push(...received.map((at) => at - sent));
  }
  sockets.forEach((socket) => socket.terminate());
  wss.close();
  bare.close();
  return latencies;
};
