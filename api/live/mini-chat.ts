import type { Observable, Subscription } from 'rxjs';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import {
  LIVE_CHAT_CLOSE,
  LIVE_CHAT_HISTORY,
  LIVE_CHAT_MAX_LENGTH,
  LIVE_CHAT_PATH,
  type LiveChatClientMessage,
  type LiveChatErrorCode,
  type LiveChatServerMessage,
  type LiveChatUser,
} from '../../domain/contracts/mini-live-chat';
import { liveChatClientMessage } from '../../domain/contracts/schemas/mini-live-chat';
import { acceptChatText, chatters } from '../../domain/mini/chat';
import { liveChatConnections, liveChatProcesses } from '../../domain/mini/live-chat';
import { DomainError } from '../../domain/shared/errors';
import { seal, unseal } from '../../infra/auth/sealing';
import type { Logger } from '../../infra/logger';
import type { CommitNotice } from '../../infra/read-store/read-store';
import {
  liveChatNotices,
  miniLiveChatProjection,
  type LiveChatMessageDoc,
} from '../../projections/mini-live-chat';
import { handle } from '../commands/run';
import type { AppContext } from '../context';
import { goingAway, type LiveHub } from './hub';
import { chatProfile, onlineUsers, type ChatProfile } from './mini-chat-people';
import { identifySocket } from './socket-identity';

const MAX_PAYLOAD = 16 * 1024;
const IDENTIFY_WITHIN_MS = 10_000;
const HEARTBEAT_MS = 30_000;

export type MiniChatTimings = {
  /** How long this process's sockets count as online without a renewal. */
  leaseMs: number;
  /** How often the lease is renewed and lapsed processes are looked for. */
  renewMs: number;
};

const DEFAULT_TIMINGS: MiniChatTimings = { leaseMs: 60_000, renewMs: 20_000 };

type Member = {
  socket: WebSocket;
  connectionId: string;
  personId: string;
  profile: ChatProfile;
  /** The newest message this socket has (from its history or a broadcast). */
  seenSeq: number;
};

type Connection = {
  socket: WebSocket;
  member: Member | null;
  identified: boolean;
  alive: boolean;
  queue: Promise<void>;
};

const send = (socket: WebSocket, message: LiveChatServerMessage | string) => {
  if (socket.readyState === WebSocket.OPEN) {
    socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  }
};

const errorCodes: Partial<Record<DomainError['kind'], LiveChatErrorCode>> = {
  limit: 'rate_limited',
  invalid: 'invalid',
};

/**
 * The live chat at /mini-chat. A socket identifies itself like /ws; a registered person then
 * joins (a presence event), gets who is online and the last messages, and may talk. Messages
 * and presence are events: the projection announces each change through the store, so the
 * sockets of every API process hear of them, and this process forwards them to its own.
 */
export const createMiniChatHub = (
  ctx: AppContext,
  notices: Observable<CommitNotice>,
  logger: Logger,
  timings: MiniChatTimings = DEFAULT_TIMINGS,
): LiveHub => {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_PAYLOAD });
  const processId = ctx.newId();
  const connections = new Set<Connection>();
  const members = new Set<Member>();
  const view = ctx.readModels.of(miniLiveChatProjection);
  /** Who this process last told its sockets was online. */
  let online = new Map<string, LiveChatUser>();
  /** The newest message forwarded; null while nobody here is in the chat. */
  let cursor: number | null = null;
  let serial = Promise.resolve();
  let messagesQueued = false;

  wss.on('error', (err) => logger.warn({ err }, 'mini chat server error'));

  /** Presence and fan-out run one at a time, in order. */
  const inOrder = (work: () => Promise<void>) => {
    serial = serial.then(work).catch((err: unknown) => {
      logger.error({ err }, 'mini chat update failed');
    });
    return serial;
  };

  const broadcast = (frame: string, except?: Member) => {
    for (const member of members) if (member !== except) send(member.socket, frame);
  };

  const renewLease = () =>
    handle(ctx, liveChatProcesses, {
      type: 'RenewLiveChatProcess',
      processId,
      leaseMs: timings.leaseMs,
      at: ctx.clock.now(),
    });

  /** Tells this process's sockets who came and went since the last time; a newcomer gets the list. */
  const refreshPresence = async (newcomer?: Member) => {
    const users = await onlineUsers(ctx);
    const next = new Map(users.map((user) => [user.id, user]));
    for (const [id] of online) {
      if (!next.has(id)) broadcast(JSON.stringify({ type: 'userLeft', userId: id }), newcomer);
    }
    for (const user of users) {
      if (!online.has(user.id)) broadcast(JSON.stringify({ type: 'userJoined', user }), newcomer);
    }
    online = next;
    if (newcomer) send(newcomer.socket, { type: 'userList', users });
  };

  const toFrame = async (doc: LiveChatMessageDoc): Promise<string | null> => {
    // An erased author's key is gone: their words went with it.
    const content = await unseal(ctx.auth.vault, doc.content);
    if (content === null) return null;
    const message = {
      id: doc._id,
      pseudonym: doc.pseudonym,
      archetype: doc.archetype,
      content,
      timestamp: doc.at,
    };
    return JSON.stringify({ type: 'message', message });
  };

  /**
   * Forwards the messages projected since the last forward, a page at a time until none is left:
   * each serialised once for everyone.
   */
  const forwardMessages = async () => {
    messagesQueued = false;
    for (;;) {
      if (cursor === null) return;
      const fresh = await view.live_chat_messages.find(
        { seq: { $gt: cursor } },
        { sort: { seq: 1 }, limit: LIVE_CHAT_HISTORY },
      );
      for (const doc of fresh) {
        const frame = await toFrame(doc);
        for (const member of members) {
          if (frame && member.seenSeq < doc.seq) send(member.socket, frame);
          member.seenSeq = Math.max(member.seenSeq, doc.seq);
        }
        // Nobody left while the frame was made: the next one to join sets where to start.
        if (members.size === 0) return;
        cursor = doc.seq;
      }
      if (fresh.length < LIVE_CHAT_HISTORY) return;
    }
  };

  const welcome = async (member: Member) => {
    members.add(member);
    await refreshPresence(member);
    const newest = await view.live_chat_messages.find(
      {},
      { sort: { seq: -1 }, limit: LIVE_CHAT_HISTORY },
    );
    for (const doc of newest.reverse()) {
      const frame = await toFrame(doc);
      if (frame) send(member.socket, frame);
      member.seenSeq = doc.seq;
    }
    cursor ??= member.seenSeq;
  };

  const join = async (connection: Connection, personId: string, accessToken?: string) => {
    const { socket } = connection;
    const profile = await chatProfile(ctx, personId, accessToken);
    if (members.size === 0) await renewLease();
    const member: Member = { socket, connectionId: ctx.newId(), personId, profile, seenSeq: 0 };
    const { position } = await handle(ctx, liveChatConnections, {
      type: 'JoinLiveChat',
      connectionId: member.connectionId,
      processId,
      personId,
      ...profile,
      at: ctx.clock.now(),
    });
    connection.member = member;
    if (position !== null) {
      await ctx.readModels.waitFor(position, [miniLiveChatProjection.name], ctx.readWaitMs);
    }
    if (socket.readyState !== WebSocket.OPEN) return;
    await inOrder(() => welcome(member));
  };

  const leave = async (member: Member) => {
    members.delete(member);
    if (members.size === 0) cursor = null;
    await handle(ctx, liveChatConnections, {
      type: 'LeaveLiveChat',
      connectionId: member.connectionId,
      at: ctx.clock.now(),
    });
  };

  const post = async (member: Member, content: string) => {
    try {
      const text = acceptChatText(content, LIVE_CHAT_MAX_LENGTH);
      await handle(ctx, chatters(ctx.dayRules), {
        type: 'PostLiveChatMessage',
        messageId: ctx.newId(),
        personId: member.personId,
        ...member.profile,
        content: await seal(ctx.auth.vault, member.personId, text),
        at: ctx.clock.now(),
      });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      const code = errorCodes[error.kind] ?? 'unavailable';
      send(member.socket, { type: 'error', code, message: error.message });
    }
  };

  const handleMessage = async (connection: Connection, message: LiveChatClientMessage) => {
    if (message.type === 'identify') {
      if (connection.identified) return;
      connection.identified = true;
      const { type: _type, ...credentials } = message;
      const identity = await identifySocket(ctx, credentials);
      if (!identity.personId) {
        connection.socket.close(LIVE_CHAT_CLOSE.notRegistered, 'Register first');
        return;
      }
      await join(connection, identity.personId, credentials.accessToken);
      return;
    }
    if (!connection.member) {
      connection.socket.close(LIVE_CHAT_CLOSE.identifyFirst, 'Identify first');
      return;
    }
    await post(connection.member, message.content);
  };

  wss.on('connection', (socket) => {
    const connection: Connection = {
      socket,
      member: null,
      identified: false,
      alive: true,
      queue: Promise.resolve(),
    };
    connections.add(connection);
    socket.on('error', (err) =>
      logger.debug({ err }, 'closed a mini chat socket after a bad frame'),
    );
    socket.on('pong', () => {
      connection.alive = true;
    });
    const identifyTimer = setTimeout(() => {
      if (!connection.identified) socket.close(LIVE_CHAT_CLOSE.identifyFirst, 'Identify first');
    }, IDENTIFY_WITHIN_MS);
    identifyTimer.unref();
    socket.on('message', (raw: RawData, isBinary: boolean) => {
      let message: LiveChatClientMessage;
      try {
        if (isBinary) throw new Error('binary');
        message = liveChatClientMessage.parse(JSON.parse(raw.toString()));
      } catch {
        socket.close(LIVE_CHAT_CLOSE.malformed, 'Malformed message');
        return;
      }
      connection.queue = connection.queue
        .then(() => handleMessage(connection, message))
        .catch((err: unknown) => {
          logger.error({ err }, 'mini chat message failed');
          send(socket, {
            type: 'error',
            code: 'unavailable',
            message: 'That message could not be handled; try again.',
          });
        });
    });
    socket.on('close', () => {
      clearTimeout(identifyTimer);
      connections.delete(connection);
      // After whatever the socket had under way (its join may still be running).
      connection.queue = connection.queue
        .then(() => (connection.member ? leave(connection.member) : undefined))
        .catch((err: unknown) => logger.warn({ err }, 'mini chat leave failed'));
    });
  });

  const changes: Subscription = notices.subscribe((notice) => {
    if (members.size === 0) return;
    if (notice.topics.includes(liveChatNotices.messages) && !messagesQueued) {
      messagesQueued = true;
      void inOrder(forwardMessages);
    }
    if (notice.topics.includes(liveChatNotices.presence)) void inOrder(() => refreshPresence());
  });

  // Keeps this process's lease, and notices the processes whose lease lapsed.
  const keeper = setInterval(() => {
    if (members.size === 0) return;
    renewLease().catch((err: unknown) => logger.warn({ err }, 'mini chat lease renewal failed'));
    void inOrder(() => refreshPresence());
  }, timings.renewMs);
  keeper.unref();

  // Drops sockets that stopped answering pings (a closed laptop, a lost network).
  const heartbeat = setInterval(() => {
    for (const connection of connections) {
      if (!connection.alive) {
        connection.socket.terminate();
        continue;
      }
      connection.alive = false;
      connection.socket.ping();
    }
  }, HEARTBEAT_MS);
  heartbeat.unref();

  return {
    clientCount: () => connections.size,
    topicCount: () => (members.size > 0 ? 1 : 0),
    handleUpgrade: (req, socket, head) => {
      if (new URL(req.url ?? '/', 'http://boon').pathname !== LIVE_CHAT_PATH) return false;
      wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
      return true;
    },
    close: async () => {
      clearInterval(keeper);
      clearInterval(heartbeat);
      changes.unsubscribe();
      const open = [...connections];
      await goingAway(open.map((connection) => connection.socket));
      // Each socket's leave is under way: this process's people leave the others' lists.
      await Promise.all(open.map((connection) => connection.queue));
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      logger.debug('mini chat hub closed');
    },
  };
};
