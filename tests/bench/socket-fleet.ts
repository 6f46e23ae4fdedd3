// A fleet of client sockets in a process of its own, driven over IPC by `openFleet`
// (socket-fanout.ts): the sockets' own parsing never shares the measured server's core time.
import WebSocket from 'ws';
import type { FleetReply, FleetRequest } from './socket-fanout';

type Frame = { type: string; position?: unknown };

let sockets: WebSocket[] = [];
/** The round's timed frames per socket: when each arrived (epoch ms) and its position. */
let frames = new Map<WebSocket, { at: number; position: bigint | null }[]>();
let timed = '';

const reply = (message: FleetReply) => process.send!(message);
const now = () => performance.timeOrigin + performance.now();

const open = async (request: Extract<FleetRequest, { type: 'open' }>) => {
  timed = request.timed;
  for (let start = 0; start < request.count; start += request.batch) {
    await Promise.all(
      Array.from(
        { length: Math.min(request.batch, request.count - start) },
        () =>
          new Promise<void>((resolve, reject) => {
            const socket = new WebSocket(request.url);
            sockets.push(socket);
            socket.once('error', reject);
            socket.once('open', () => request.hello.forEach((frame) => socket.send(frame)));
            socket.on('message', (raw) => {
              const at = now();
              const frame = JSON.parse(raw.toString()) as Frame;
              if (frame.type === request.ready) resolve();
              if (frame.type !== timed) return;
              const position = frame.position === undefined ? null : BigInt(String(frame.position));
              frames.set(socket, [...(frames.get(socket) ?? []), { at, position }]);
            });
          }),
      ),
    );
  }
};

/** Each socket's first frame of the round at `since` or later, waiting up to 10 s for all. */
const collect = async (since: bigint | null) => {
  const first = (socket: WebSocket) =>
    frames
      .get(socket)
      ?.find(({ position }) => since === null || position === null || position >= since)?.at;
  const deadline = performance.now() + 10_000;
  const arrived = () => sockets.map(first).filter((at) => at !== undefined);
  while (arrived().length < sockets.length && performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return arrived();
};

process.on('message', (request: FleetRequest) => {
  void (async () => {
    try {
      if (request.type === 'open') {
        await open(request);
        reply({ type: 'opened' });
      } else if (request.type === 'round') {
        frames = new Map();
        reply({ type: 'armed' });
      } else if (request.type === 'collect') {
        const since = request.since === null ? null : BigInt(request.since);
        reply({ type: 'collected', at: await collect(since) });
      } else {
        sockets.forEach((socket) => socket.terminate());
        sockets = [];
        reply({ type: 'closed' });
        process.disconnect();
      }
    } catch (error) {
      reply({ type: 'failed', message: String(error) });
    }
  })();
});
