import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  closePayload,
  encodeFrame,
  openRawWebSocket,
  type RawFrame,
} from '../support/raw-websocket';

// The real process, as `npm start` runs it: a frame that ended it would end this suite too.
let child: ChildProcess;
let url: string;
let dataDir: string;
let exited: number | null = null;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'boon-frames-'));
  child = spawn(process.execPath, ['--import', 'tsx', 'api/main.ts'], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.on('exit', (code) => {
    exited = code ?? -1;
  });
  url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = out.match(/"url":"(http:\/\/[^"]+)"/);
      if (match) resolve(match[1]!);
    });
    child.on('exit', () => reject(new Error(`server exited: ${out}`)));
  });
}, 60_000);

afterAll(() => {
  child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

const text = (s: string) => Buffer.from(s, 'utf8');

// Each frame ws must refuse, with the close code RFC 6455 gives it.
const badFrames: { name: string; frames: RawFrame[]; code: number }[] = [
  {
    name: 'a text message over 16 KiB',
    frames: [{ opcode: 1, payload: Buffer.alloc(17 * 1024, 0x61) }],
    code: 1009,
  },
  {
    name: 'a declared length of 2^62 bytes',
    frames: [{ opcode: 2, declaredLength: 2n ** 62n }],
    code: 1009,
  },
  {
    name: 'invalid UTF-8 in a text message',
    frames: [{ opcode: 1, payload: Buffer.from([0xc3, 0x28]) }],
    code: 1007,
  },
  {
    name: 'an unmasked frame',
    frames: [{ opcode: 1, payload: text('{}'), masked: false }],
    code: 1002,
  },
  { name: 'a reserved opcode', frames: [{ opcode: 3, payload: text('x') }], code: 1002 },
  { name: 'a reserved control opcode', frames: [{ opcode: 0xb }], code: 1002 },
  {
    name: 'RSV1 without an extension',
    frames: [{ opcode: 1, rsv: 4, payload: text('{}') }],
    code: 1002,
  },
  { name: 'RSV2 and RSV3', frames: [{ opcode: 1, rsv: 3, payload: text('{}') }], code: 1002 },
  { name: 'a 126-byte ping', frames: [{ opcode: 9, payload: Buffer.alloc(126) }], code: 1002 },
  { name: 'a fragmented ping', frames: [{ opcode: 9, fin: false }], code: 1002 },
  { name: 'close code 999', frames: [{ opcode: 8, payload: closePayload(999) }], code: 1002 },
  {
    name: 'a one-byte close payload',
    frames: [{ opcode: 8, payload: Buffer.from([3]) }],
    code: 1002,
  },
  { name: 'a stray continuation', frames: [{ opcode: 0, payload: text('x') }], code: 1002 },
  {
    name: 'a new message inside a fragmented one',
    frames: [
      { opcode: 1, fin: false, payload: text('{') },
      { opcode: 1, payload: text('}') },
    ],
    code: 1002,
  },
];

const healthy = async () => {
  const res = await fetch(`${url}/healthz`);
  return res.status;
};

const normalSocketWorks = () =>
  new Promise<boolean>((resolve) => {
    const socket = new WebSocket(`${url.replace('http', 'ws')}/ws`);
    socket.on('open', () => socket.send(JSON.stringify({ type: 'identify' })));
    socket.on('message', (raw) => {
      const message = JSON.parse(raw.toString()) as { type: string };
      if (message.type === 'identified') {
        socket.send(JSON.stringify({ type: 'subscribe', topics: ['question:today'] }));
        return;
      }
      socket.close();
      resolve(message.type === 'subscribed');
    });
    socket.on('error', () => resolve(false));
  });

describe('a bad WebSocket frame closes only its own socket', () => {
  it.each(badFrames)('$name → close $code, and the server serves on', async ({ frames, code }) => {
    const raw = await openRawWebSocket(url, '/ws');
    for (const frame of frames) raw.send(encodeFrame(frame));
    expect(await raw.closed).toBe(code);
    expect(exited).toBeNull();
    expect(await healthy()).toBe(200);
    expect(await normalSocketWorks()).toBe(true);
  });

  it('survives all of them at once, on many sockets', async () => {
    const sockets = await Promise.all(badFrames.map(() => openRawWebSocket(url, '/ws')));
    sockets.forEach((raw, i) => badFrames[i]!.frames.forEach((f) => raw.send(encodeFrame(f))));
    await Promise.all(sockets.map((raw) => raw.closed));
    expect(exited).toBeNull();
    expect(await healthy()).toBe(200);
    expect(await normalSocketWorks()).toBe(true);
  });

  it('answers a malformed HTTP request with 400 and serves on', async () => {
    const raw = await import('node:net').then(
      ({ connect }) =>
        new Promise<string>((resolve) => {
          const { hostname, port } = new URL(url);
          const socket = connect(Number(port), hostname, () =>
            socket.write('GET / HTTP/1.1\r\nHost x\r\n\r\n'),
          );
          let answer = '';
          socket.on('data', (chunk) => (answer += chunk.toString()));
          socket.on('close', () => resolve(answer));
        }),
    );
    expect(raw).toMatch(/^HTTP\/1.1 400/);
    expect(await healthy()).toBe(200);
  });
});
