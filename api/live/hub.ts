import type { Server } from 'node:http';
import type { Observable, Subscription } from 'rxjs';
import { WebSocket, WebSocketServer } from 'ws';
import { z } from 'zod';
import type { ServerMessage } from '../../domain/contracts/live';
import type { Logger } from '../../infra/logger';
import type { CommitNotice } from '../../infra/read-store/read-store';

const clientMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('subscribe'), topics: z.array(z.string().max(200)).max(50) }),
  z.object({ type: z.literal('unsubscribe'), topics: z.array(z.string().max(200)).max(50) }),
]);

/** Topics anyone may follow; private topics arrive with the features that need them. */
const PUBLIC_TOPIC = /^(question:(today|\d+)|responses:\d+)$/;

const MAX_TOPICS_PER_SOCKET = 100;

/**
 * The ws endpoint at /ws: browsers subscribe to topics and receive a `changed`
 * notice after a projection committed a change behind one of them.
 */
export const attachLiveHub = (
  server: Server,
  notices: Observable<CommitNotice>,
  logger: Logger,
) => {
  const wss = new WebSocketServer({ server, path: '/ws', maxPayload: 16 * 1024 });
  const subscribers = new Map<string, Set<WebSocket>>();
  const alive = new WeakMap<WebSocket, boolean>();

  const send = (socket: WebSocket, message: ServerMessage) => {
    if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  };

  // A frame ws rejects (too big, invalid UTF-8, unmasked, bad opcode...) surfaces as an
  // 'error' on that socket; ws then closes it with the matching code (1009, 1007, 1002).
  // Without a listener, EventEmitter would throw and end the process.
  wss.on('error', (err) => logger.warn({ err }, 'live hub server error'));

  wss.on('connection', (socket) => {
    const topics = new Set<string>();
    alive.set(socket, true);
    socket.on('error', (err) => logger.debug({ err }, 'closed a ws connection after a bad frame'));
    socket.on('pong', () => alive.set(socket, true));
    socket.on('message', (raw) => {
      let parsed: z.infer<typeof clientMessage>;
      try {
        parsed = clientMessage.parse(JSON.parse(raw.toString()));
      } catch {
        send(socket, {
          type: 'error',
          message: 'Messages must be {type: subscribe|unsubscribe, topics: string[]}',
        });
        return;
      }
      const accepted = parsed.topics.filter((t) => PUBLIC_TOPIC.test(t));
      for (const topic of accepted) {
        if (parsed.type === 'subscribe' && topics.size < MAX_TOPICS_PER_SOCKET) {
          topics.add(topic);
          if (!subscribers.has(topic)) subscribers.set(topic, new Set());
          subscribers.get(topic)!.add(socket);
        } else if (parsed.type === 'unsubscribe') {
          topics.delete(topic);
          subscribers.get(topic)?.delete(socket);
        }
      }
      if (parsed.type === 'subscribe') send(socket, { type: 'subscribed', topics: [...topics] });
    });
    socket.on('close', () => {
      for (const topic of topics) {
        const set = subscribers.get(topic);
        set?.delete(socket);
        if (set?.size === 0) subscribers.delete(topic);
      }
    });
  });

  const changes: Subscription = notices.subscribe((notice) => {
    for (const topic of notice.topics) {
      for (const socket of subscribers.get(topic) ?? []) {
        send(socket, { type: 'changed', topic, position: notice.position });
      }
    }
  });

  // Drops connections that stopped answering pings (a closed laptop, a lost network).
  const heartbeat = setInterval(() => {
    for (const socket of wss.clients) {
      if (!alive.get(socket)) {
        socket.terminate();
        continue;
      }
      alive.set(socket, false);
      socket.ping();
    }
  }, 30_000);
  heartbeat.unref();

  return {
    clientCount: () => wss.clients.size,
    close: async () => {
      clearInterval(heartbeat);
      changes.unsubscribe();
      for (const socket of wss.clients) socket.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      logger.debug('live hub closed');
    },
  };
};
