import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';

/** One frame as bytes on the wire, valid or not: every field is the caller's to set. */
export type RawFrame = {
  fin?: boolean;
  rsv?: number;
  opcode: number;
  payload?: Buffer;
  masked?: boolean;
  /** Declared payload length when it should differ from the payload's (e.g. a lie). */
  declaredLength?: bigint;
};

export const encodeFrame = ({
  fin = true,
  rsv = 0,
  opcode,
  payload = Buffer.alloc(0),
  masked = true,
  declaredLength,
}: RawFrame): Buffer => {
  const length = declaredLength ?? BigInt(payload.length);
  const head: number[] = [(fin ? 0x80 : 0) | ((rsv & 0x7) << 4) | (opcode & 0xf)];
  const maskBit = masked ? 0x80 : 0;
  if (length < 126n) head.push(maskBit | Number(length));
  else if (length < 65536n)
    head.push(maskBit | 126, Number(length >> 8n) & 0xff, Number(length) & 0xff);
  else {
    head.push(maskBit | 127);
    for (let shift = 56n; shift >= 0n; shift -= 8n) head.push(Number((length >> shift) & 0xffn));
  }
  if (!masked) return Buffer.concat([Buffer.from(head), payload]);
  const mask = randomBytes(4);
  const body = Buffer.from(payload.map((byte, i) => byte ^ mask[i % 4]!));
  return Buffer.concat([Buffer.from(head), mask, body]);
};

export const closePayload = (code: number, reason = '') => {
  const buffer = Buffer.alloc(2 + Buffer.byteLength(reason));
  buffer.writeUInt16BE(code, 0);
  buffer.write(reason, 2);
  return buffer;
};

/** A WebSocket connection at the byte level: it handshakes, then sends whatever it is given. */
export type RawConnection = {
  send(bytes: Buffer): void;
  /** Resolves with the close code the server sent (null if it just dropped the connection). */
  closed: Promise<number | null>;
  destroy(): void;
};

export const openRawWebSocket = (url: string, path: string): Promise<RawConnection> =>
  new Promise((resolve, reject) => {
    const { hostname, port } = new URL(url);
    const socket: Socket = connect(Number(port), hostname);
    let handshaken = false;
    let received = Buffer.alloc(0);
    let closeCode: number | null = null;
    const closed = new Promise<number | null>((done) => {
      socket.on('close', () => done(closeCode));
    });
    socket.on('error', (error) => {
      if (!handshaken) reject(error);
    });
    socket.on('connect', () => {
      socket.write(
        `GET ${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nUpgrade: websocket\r\n` +
          `Connection: Upgrade\r\nSec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\n` +
          `Sec-WebSocket-Version: 13\r\n\r\n`,
      );
    });
    socket.on('data', (chunk) => {
      received = Buffer.concat([received, chunk]);
      if (!handshaken) {
        const end = received.indexOf('\r\n\r\n');
        if (end < 0) return;
        const head = received.subarray(0, end).toString();
        if (!head.startsWith('HTTP/1.1 101')) {
          reject(new Error(`handshake refused: ${head.split('\r\n')[0]}`));
          socket.destroy();
          return;
        }
        handshaken = true;
        received = received.subarray(end + 4);
        resolve({
          send: (bytes) => socket.write(bytes),
          closed,
          destroy: () => socket.destroy(),
        });
      }
      // Server frames are unmasked; look for a close frame (opcode 8) and read its code.
      while (received.length >= 2) {
        const opcode = received[0]! & 0x0f;
        let length = received[1]! & 0x7f;
        let offset = 2;
        if (length === 126) {
          if (received.length < 4) return;
          length = received.readUInt16BE(2);
          offset = 4;
        } else if (length === 127) {
          if (received.length < 10) return;
          length = Number(received.readBigUInt64BE(2));
          offset = 10;
        }
        if (received.length < offset + length) return;
        if (opcode === 8 && length >= 2) closeCode = received.readUInt16BE(offset);
        received = received.subarray(offset + length);
      }
    });
  });
