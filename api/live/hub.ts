import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Observable, Subscription } from 'rxjs';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import type { ClientMessage, RefusedTopic, ServerMessage } from '../../domain/contracts/live';
import { clientMessage } from '../../domain/contracts/schemas/live';
import { parseTopic, personalTopic } from '../../domain/contracts/topics';
import type { Logger } from '../../infra/logger';
import type { CommitNotice } from '../../infra/read-store/read-store';
import type { AppContext } from '../context';
import { socketDoor, type SocketDoorOptions } from './socket-door';
import { ANONYMOUS, identifySocket, type SocketIdentity } from './socket-identity';
import { mayFollow } from './topic-access';

const MAX_TOPICS_PER_SOCKET = 100;
const MAX_PAYLOAD = 16 * 1024;
/** A socket that has not identified itself within this time is closed. */
const IDENTIFY_WITHIN_MS = 10_000;

type Credentials = Omit<Extract<ClientMessage, { type: 'identify' }>, 'type'>;

type Client = {
  socket: WebSocket;
  /** What the socket identified itself with; who that is gets resolved at each subscription. */
  credentials: Credentials | null;
  /** Who it was at its last subscription (to name its personal topics when leaving them). */
  identity: SocketIdentity | null;
  /** Internal topic name → the name the browser subscribed with. */
  topics: Map<string, string>;
  alive: boolean;
  /** Messages are handled one at a time, in order. */
  queue: Promise<void>;
};

export type LiveHub = {
  clientCount(): number;
  /** Topics at least one socket follows. */
  topicCount(): number;
  /** Routes WebSocket upgrades for this hub's path; false for other paths. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean;
  /** Says goodbye to every socket (1001: the browser reconnects, to another instance). */
  close(): Promise<void>;
};

/** How long sockets get to answer a closing handshake before they are cut. */
const CLOSE_HANDSHAKE_MS = 1000;

const send = (socket: WebSocket, message: ServerMessage | string) => {
  if (socket.readyState === WebSocket.OPEN) {
    socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  }
};

/**
 * The ws endpoint at /ws. A socket identifies itself first (`identify`), then subscribes to
 * topics; each subscription is checked against the registry's access rule for that socket.
 * After a projection commits (in this process or any other sharing the store), every
 * subscriber of each topic it changed gets one `changed` notice.
 */
export const createLiveHub = (
  ctx: AppContext,
  notices: Observable<CommitNotice>,
  logger: Logger,
  options: SocketDoorOptions,
): LiveHub => {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_PAYLOAD });
  const subscribers = new Map<string, Set<Client>>();
  const clients = new Set<Client>();
  const door = socketDoor(ctx, logger, options);

  // A frame ws rejects (too big, invalid UTF-8, unmasked, bad opcode...) surfaces as an
  // 'error' on that socket; ws then closes it with the matching code (1009, 1007, 1002).
  wss.on('error', (err) => logger.warn({ err }, 'live hub server error'));

  const unsubscribe = (client: Client, internal: string) => {
    client.topics.delete(internal);
    const set = subscribers.get(internal);
    set?.delete(client);
    if (set?.size === 0) subscribers.delete(internal);
  };

  const subscribe = async (client: Client, topics: string[]) => {
    // A device registers, a person signs in: who the socket is can change after identify.
    const identity = client.credentials ? await identifySocket(ctx, client.credentials) : ANONYMOUS;
    client.identity = identity;
    const refused: RefusedTopic[] = [];
    for (const topic of new Set(topics)) {
      const parsed = parseTopic(topic);
      if (!parsed) {
        refused.push({ topic, reason: 'unknown' });
        continue;
      }
      let internal: string;
      if (parsed.scope === 'personal') {
        if (!identity.personId) {
          refused.push({ topic, reason: 'forbidden' });
          continue;
        }
        internal = personalTopic.internalName(parsed.kind, identity.personId);
      } else {
        if (!(await mayFollow(ctx, identity, parsed.access))) {
          refused.push({ topic, reason: 'forbidden' });
          continue;
        }
        internal = parsed.name;
      }
      if (client.topics.has(internal)) continue;
      if (client.topics.size >= MAX_TOPICS_PER_SOCKET) {
        refused.push({ topic, reason: 'too-many' });
        continue;
      }
      client.topics.set(internal, topic);
      let set = subscribers.get(internal);
      if (!set) {
        set = new Set();
        subscribers.set(internal, set);
      }
      set.add(client);
    }
    send(client.socket, { type: 'subscribed', topics: [...client.topics.values()], refused });
  };

  const handle = async (client: Client, message: ClientMessage) => {
    if (message.type === 'identify') {
      if (client.credentials) {
        send(client.socket, {
          type: 'error',
          message: 'This socket has already identified itself.',
        });
        return;
      }
      const { type: _type, ...credentials } = message;
      client.credentials = credentials;
      client.identity = await identifySocket(ctx, credentials);
      send(client.socket, {
        type: 'identified',
        registered: client.identity.personId !== null,
        signedIn: client.identity.signedIn,
      });
      return;
    }
    if (!client.credentials || !client.identity) {
      send(client.socket, {
        type: 'error',
        message: 'Identify first: {"type":"identify","deviceId":...} or {"accessToken":...}.',
      });
      return;
    }
    if (message.type === 'subscribe') {
      await subscribe(client, message.topics);
      return;
    }
    for (const topic of message.topics) {
      const parsed = parseTopic(topic);
      if (!parsed) continue;
      const internal =
        parsed.scope === 'personal'
          ? client.identity.personId &&
            personalTopic.internalName(parsed.kind, client.identity.personId)
          : parsed.name;
      if (internal) unsubscribe(client, internal);
    }
  };

  wss.on('connection', (socket: WebSocket, key: string) => {
    const client: Client = {
      socket,
      credentials: null,
      identity: null,
      topics: new Map(),
      alive: true,
      queue: Promise.resolve(),
    };
    clients.add(client);
    socket.on('error', (err) => logger.debug({ err }, 'closed a ws connection after a bad frame'));
    socket.on('pong', () => {
      client.alive = true;
    });
    const identifyTimer = setTimeout(() => {
      if (!client.credentials) socket.close(4401, 'Identify first');
    }, IDENTIFY_WITHIN_MS);
    identifyTimer.unref();
    socket.on('message', (raw: RawData, isBinary: boolean) => {
      let message: ClientMessage;
      try {
        if (isBinary) throw new Error('binary');
        message = clientMessage.parse(JSON.parse(raw.toString()));
      } catch {
        send(socket, {
          type: 'error',
          message:
            'Messages are JSON: identify, then subscribe or unsubscribe with topics: string[].',
        });
        return;
      }
      client.queue = client.queue
        .then(() => handle(client, message))
        .catch((err: unknown) => {
          logger.error({ err }, 'live hub message failed');
          send(socket, { type: 'error', message: 'That message could not be handled; try again.' });
        });
    });
    socket.on('close', () => {
      clearTimeout(identifyTimer);
      door.left(key);
      clients.delete(client);
      for (const internal of [...client.topics.keys()]) unsubscribe(client, internal);
    });
  });

  const changes: Subscription = notices.subscribe((notice) => {
    for (const internal of notice.topics) {
      const set = subscribers.get(internal);
      if (!set) continue;
      // One serialisation per browser-visible name, however many sockets follow it.
      const frames = new Map<string, string>();
      for (const client of set) {
        const topic = client.topics.get(internal)!;
        let frame = frames.get(topic);
        if (!frame) {
          frame = JSON.stringify({ type: 'changed', topic, position: notice.position });
          frames.set(topic, frame);
        }
        send(client.socket, frame);
      }
    }
  });

  // Drops connections that stopped answering pings (a closed laptop, a lost network).
  const heartbeat = setInterval(() => {
    for (const client of clients) {
      if (!client.alive) {
        client.socket.terminate();
        continue;
      }
      client.alive = false;
      client.socket.ping();
    }
  }, 30_000);
  heartbeat.unref();

  return {
    clientCount: () => clients.size,
    topicCount: () => subscribers.size,
    handleUpgrade: (req, socket, head) => {
      if (new URL(req.url ?? '/', 'http://boon').pathname !== '/ws') return false;
      door.enter(req, socket, (key, upgraded) =>
        wss.handleUpgrade(req, socket, head, (ws) => {
          upgraded();
          wss.emit('connection', ws, key);
        }),
      );
      return true;
    },
    close: async () => {
      clearInterval(heartbeat);
      changes.unsubscribe();
      await goingAway([...clients].map((client) => client.socket));
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      await door.close();
      logger.debug('live hub closed');
    },
  };
};

/** Closes each socket with 1001 (Going Away); those that do not answer in time are cut. */
export const goingAway = async (sockets: WebSocket[]) => {
  const closed = sockets.map(
    (socket) =>
      new Promise<void>((resolve) => {
        if (socket.readyState === WebSocket.CLOSED) return resolve();
        socket.once('close', () => resolve());
        socket.close(1001, 'Server shutting down');
      }),
  );
  const timer = setTimeout(
    () => sockets.forEach((socket) => socket.terminate()),
    CLOSE_HANDSHAKE_MS,
  );
  await Promise.all(closed);
  clearTimeout(timer);
};

/** Hands each upgrade to the hub whose path it names; any other path is refused. */
export const routeUpgrades = (server: Server, hubs: LiveHub[], logger: Logger) => {
  server.on('upgrade', (req, socket, head) => {
    socket.on('error', (err) => logger.debug({ err }, 'upgrade socket error'));
    if (hubs.some((hub) => hub.handleUpgrade(req, socket, head))) return;
    socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
  });
};
