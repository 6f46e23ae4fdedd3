import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  hkdfSync,
  randomBytes,
  randomUUID,
  verify,
} from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A push service of our own on loopback, as Chromium here cannot reach a vendor's: it speaks
 * RFC 8030 (a POST per message to the subscription's endpoint, answered 201), checks the
 * application server's VAPID JWT (RFC 8292: ES256 over `aud` = this origin, `exp` within 24
 * hours, `sub`, and the `k=` public key the subscription was made for), and decrypts the
 * payload (RFC 8291, aes128gcm: RFC 8188 with the subscription's own ECDH key and auth secret,
 * which the test made, as a browser would).
 */

/** What the browser's `PushSubscription.toJSON()` gives, for a subscription at this peer. */
export type PeerSubscription = {
  id: string;
  json: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
};

export type ReceivedPush = {
  subscriptionId: string;
  /** The decrypted payload, parsed as JSON. */
  message: unknown;
  ttl: number;
  urgency: string | null;
  topic: string | null;
  /** The VAPID JWT's claims. */
  claims: { aud: string; exp: number; sub: string };
  at: number;
};

export type PushPeer = {
  url: string;
  /** A new subscription, for the application server with this VAPID public key. */
  subscribe(applicationServerKey: string): PeerSubscription;
  /** Answers pushes to this subscription with `status` from now on (410: gone). */
  answer(subscriptionId: string, status: number): void;
  received: ReceivedPush[];
  /** Requests refused, and why (no VAPID, a bad signature, an undecryptable payload...). */
  refused: { subscriptionId: string; status: number; reason: string }[];
  /** Resolves with what arrived for the subscription once at least `count` did. */
  waitFor(subscriptionId: string, count?: number, timeoutMs?: number): Promise<ReceivedPush[]>;
  close(): Promise<void>;
};

type Held = {
  ecdh: ReturnType<typeof createECDH>;
  auth: Buffer;
  applicationServerKey: string;
  status: number;
};

class Refusal extends Error {
  constructor(
    readonly status: number,
    reason: string,
  ) {
    super(reason);
  }
}

const b64url = (text: string) => Buffer.from(text, 'base64url');

/** RFC 8292: `Authorization: vapid t=<JWT>, k=<public key>`; answers the JWT's claims. */
export const verifyVapid = (
  header: string | undefined,
  audience: string,
  applicationServerKey: string,
  nowSeconds = Math.floor(Date.now() / 1000),
) => {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(header ?? '');
  if (!match) throw new Refusal(401, 'no VAPID authorization');
  const [token, key] = [match[1]!, match[2]!];
  if (key !== applicationServerKey) {
    throw new Refusal(403, 'the VAPID key is not the one the subscription was made for');
  }
  const [head, body, signature] = token.split('.') as [string, string, string];
  const header_ = JSON.parse(b64url(head).toString('utf8')) as { alg?: string; typ?: string };
  if (header_.alg !== 'ES256') throw new Refusal(401, `JWT alg ${header_.alg}, not ES256`);
  const point = b64url(key);
  if (point.length !== 65 || point[0] !== 4) throw new Refusal(401, 'k is not a P-256 point');
  const publicKey = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${head}.${body}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    b64url(signature),
  );
  if (!signed) throw new Refusal(401, 'the JWT signature does not verify');
  const claims = JSON.parse(b64url(body).toString('utf8')) as ReceivedPush['claims'];
  if (claims.aud !== audience) throw new Refusal(401, `aud ${claims.aud}, not ${audience}`);
  if (!(claims.exp > nowSeconds && claims.exp <= nowSeconds + 24 * 60 * 60)) {
    throw new Refusal(401, 'exp is not within the next 24 hours');
  }
  if (!/^(mailto:|https:)/.test(claims.sub ?? '')) {
    throw new Refusal(401, 'sub is neither a mailto: nor an https: contact');
  }
  return claims;
};

/** RFC 8291 over RFC 8188: the one record of a Web Push message, opened with the UA's keys. */
export const decryptPayload = (body: Buffer, ecdh: Held['ecdh'], authSecret: Buffer): Buffer => {
  if (body.length < 21) throw new Refusal(400, 'too short for an aes128gcm header');
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const senderKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  if (idLength !== 65 || senderKey[0] !== 4) throw new Refusal(400, 'keyid is not a P-256 point');
  if (record.length > recordSize) throw new Refusal(400, 'more than one record');
  const userAgentKey = ecdh.getPublicKey();
  const shared = ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), userAgentKey, senderKey]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, 'Content-Encoding: aes128gcm\0', 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, 'Content-Encoding: nonce\0', 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  let plain: Buffer;
  try {
    plain = Buffer.concat([
      decipher.update(record.subarray(0, record.length - 16)),
      decipher.final(),
    ]);
  } catch {
    throw new Refusal(400, 'the payload does not decrypt with the subscription’s keys');
  }
  // The last record's padding: a 0x02 delimiter, then zeros.
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end--;
  if (plain[end] !== 2) throw new Refusal(400, 'no last-record delimiter');
  return plain.subarray(0, end);
};

const readBody = (req: IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });

export const startPushPeer = async (): Promise<PushPeer> => {
  const held = new Map<string, Held>();
  const received: ReceivedPush[] = [];
  const refused: PushPeer['refused'] = [];
  const waiters = new Set<() => void>();
  let origin = '';

  const accept = async (req: IncomingMessage, res: ServerResponse) => {
    const id = /^\/push\/([\w-]+)$/.exec(req.url ?? '')?.[1] ?? '';
    const body = await readBody(req);
    try {
      const subscription = held.get(id);
      if (req.method !== 'POST' || !subscription) throw new Refusal(404, 'no such subscription');
      const claims = verifyVapid(
        req.headers.authorization,
        origin,
        subscription.applicationServerKey,
      );
      const ttl = Number(req.headers.ttl);
      if (!Number.isInteger(ttl) || ttl < 0) throw new Refusal(400, 'no TTL header');
      if (req.headers['content-encoding'] !== 'aes128gcm') {
        throw new Refusal(415, 'Content-Encoding is not aes128gcm');
      }
      const plain = decryptPayload(body, subscription.ecdh, subscription.auth);
      if (subscription.status !== 201) {
        res.writeHead(subscription.status).end();
        return;
      }
      received.push({
        subscriptionId: id,
        message: JSON.parse(plain.toString('utf8')),
        ttl,
        urgency: (req.headers.urgency as string | undefined) ?? null,
        topic: (req.headers.topic as string | undefined) ?? null,
        claims,
        at: Date.now(),
      });
      for (const wake of waiters) wake();
      res.writeHead(201, { Location: `${origin}/message/${randomUUID()}` }).end();
    } catch (error) {
      const status = error instanceof Refusal ? error.status : 500;
      refused.push({ subscriptionId: id, status, reason: (error as Error).message });
      res.writeHead(status).end();
    }
  };

  const server = createServer((req, res) => {
    accept(req, res).catch(() => res.writeHead(500).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: origin,
    subscribe: (applicationServerKey) => {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const id = randomUUID();
      held.set(id, { ecdh, auth, applicationServerKey, status: 201 });
      return {
        id,
        json: {
          endpoint: `${origin}/push/${id}`,
          expirationTime: null,
          keys: {
            p256dh: ecdh.getPublicKey().toString('base64url'),
            auth: auth.toString('base64url'),
          },
        },
      };
    },
    answer: (id, status) => {
      const subscription = held.get(id);
      if (subscription) subscription.status = status;
    },
    received,
    refused,
    waitFor: (id, count = 1, timeoutMs = 15_000) =>
      new Promise((resolve, reject) => {
        const mine = () => received.filter((push) => push.subscriptionId === id);
        const check = () => {
          if (mine().length < count) return;
          cleanup();
          resolve(mine());
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`${mine().length} of ${count} pushes reached ${id}`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
