import fc from 'fast-check';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closePayload,
  encodeFrame,
  openRawWebSocket,
  type RawFrame,
} from '../support/raw-websocket';
import { spawnServer, type RealServer } from '../support/real-server';
import { nastyJson, nastyString } from './arbitraries';

/** Every WebSocket endpoint the server offers; a new one joins the fuzz by joining this list. */
const SOCKET_PATHS = ['/ws', '/mini-chat'];
/** Frame sequences sent to each socket path. */
const SEQUENCES_PER_PATH = 300;

let server: RealServer;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'boon-fuzz-ws-'));
  server = await spawnServer({ DATA_DIR: dataDir });
}, 60_000);

afterAll(async () => {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const text = (value: string) => Buffer.from(value, 'utf8');

/** Messages a client could mean to send, with hostile contents. */
const message = fc.oneof(
  fc
    .record({
      type: fc.oneof(fc.constantFrom('subscribe', 'unsubscribe', 'identify'), nastyString),
      topics: fc.oneof(
        fc.array(
          fc.oneof(fc.constantFrom('question:today', 'responses:1', 'mini:1'), nastyString),
          { maxLength: 120 },
        ),
        nastyJson,
      ),
      deviceId: nastyString,
      accessToken: nastyString,
    })
    .map((m) => JSON.stringify(m)),
  nastyJson.map((value) => JSON.stringify(value) ?? 'undefined'),
  nastyString,
);

const frame: fc.Arbitrary<RawFrame> = fc.oneof(
  { weight: 5, arbitrary: message.map((m) => ({ opcode: 1, payload: text(m.slice(0, 15_000)) })) },
  {
    weight: 3,
    arbitrary: fc.record({
      fin: fc.boolean(),
      rsv: fc.integer({ min: 0, max: 7 }),
      opcode: fc.integer({ min: 0, max: 15 }),
      payload: fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes)),
      masked: fc.boolean(),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      opcode: fc.constantFrom(1, 2, 9, 10),
      declaredLength: fc.bigInt({ min: 1n << 20n, max: (1n << 63n) - 1n }),
    }),
  },
);

const health = async () => {
  const res = await fetch(`${server.url}/healthz`);
  const body = (await res.json()) as { projections: { head: string | null }[] };
  return { status: res.status, head: body.projections[0]?.head ?? null };
};

/** Sends the frames, then a clean close; answers once the server has let the socket go. */
const play = async (path: string, frames: RawFrame[]) => {
  const raw = await openRawWebSocket(server.url, path).catch(() => null);
  if (!raw) return;
  for (const f of frames) raw.send(encodeFrame(f));
  raw.send(encodeFrame({ opcode: 8, payload: closePayload(1000) }));
  const bound = setTimeout(() => raw.destroy(), 5_000);
  await raw.closed;
  clearTimeout(bound);
};

describe.each(SOCKET_PATHS)('bad frames over %s', (path) => {
  it('never end the process, leave the server serving, and write nothing', async () => {
    const before = await health();
    const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
    await fc.assert(
      fc.asyncProperty(fc.array(frame, { minLength: 1, maxLength: 6 }), async (frames) => {
        await play(path, frames);
        expect(server.exitCode()).toBeNull();
        expect((await health()).status).toBe(200);
      }),
      { numRuns: SEQUENCES_PER_PATH, ...(seed !== undefined ? { seed } : {}) },
    );
    expect(await health()).toEqual(before);
  }, 120_000);
});
