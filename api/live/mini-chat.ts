import type { IncomingMessage } from 'node:http';
import type { Observable, Subscription } from 'rxjs';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import {
  LIVE_CHAT_CLOSE,
  LIVE_CHAT_HISTORY,
  LIVE_CHAT_MAX_LENGTH,
  LIVE_CHAT_PATH,
  type LiveChatClientMessage,
  type LiveChatErrorCode,
  type LiveChatMessage,
  type LiveChatServerMessage,
  type LiveChatUser,
} from '../../domain/contracts/mini-live-chat';
import { liveChatClientMessage } from '../../domain/contracts/schemas/mini-live-chat';
import { acceptChatText, chatters } from '../../domain/mini/chat';
import { DomainError } from '../../domain/shared/errors';
import { seal, unseal } from '../../infra/auth/sealing';
import type { Logger } from '../../infra/logger';
import type { CommitNotice, ReadStore } from '../../infra/read-store/read-store';
import {
  liveChatNotices,
  miniLiveChatProjection,
  type LiveChatMessageDoc,
} from '../../projections/mini-live-chat';
import { handle } from '../commands/run';
import type { AppContext } from '../context';
import { chatPresence, PRESENCE_NOTICE, type PresenceEntry } from './chat-presence';
import { goingAway, type LiveHub } from './hub';
import { addressKey, chatProfile, publicUserId } from './mini-chat-people';
import { identifySocket } from './socket-identity';

const MAX_PAYLOAD = 16 * 1024;
const IDENTIFY_WITHIN_MS = 10_000;
const HEARTBEAT_MS = 30_000;

export type MiniChatOptions = {
  /** How long a socket counts as present unrenewed: a killed process's people leave after it. */
  presenceTtlMs: number;
  /** How often presence is renewed and lapsed entries swept; a third of the TTL by default. */
  renewMs?: number;
  socketsPerPerson: number;
  socketsPerAddress: number;
  /** The client's address, as the HTTP routes see it (TRUST_PROXY applies). */
  addressOf: (req: IncomingMessage) => string;
};

type Member = {
  socket: WebSocket;
  personId: string;
  presence: PresenceEntry;
  /** The newest message this socket has (from its history or a broadcast). */
  seenSeq: number;
};

type Connection = {
  socket: WebSocket;
  address: string;
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
 * joins, gets who is online and the last messages, and may talk. Messages are events: the
 * projection announces each through the store, so every API process hears of them and forwards
 * them to its own sockets. Who is online is presence, kept in the read store with an expiry
 * (`chat-presence.ts`): joining and leaving append nothing to the log.
 */
export const createMiniChatHub = (
  ctx: AppContext,
  readStore: ReadStore,
  notices: Observable<CommitNotice>,
  logger: Logger,
  options: MiniChatOptions,
): LiveHub => {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_PAYLOAD });
  const processId = ctx.newId();
  const connections = new Set<Connection>();
  const members = new Set<Member>();
  /** Sockets of each address on this process, identified or not: a flood is refused at the door. */
  const perAddress = new Map<string, number>();
  const view = ctx.readModels.of(miniLiveChatProjection);
  const presence = chatPresence(readStore, {
    ttlMs: options.presenceTtlMs,
    now: () => ctx.clock.now().getTime(),
  });
  const ready = presence.prepare();
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

  /** Tells this process's sockets who came and went since the last time; a newcomer gets the list. */
  const refreshPresence = async (newcomer?: Member) => {
    const users = await presence.online();
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

  /**
   * A message as others see it and as its author does (their own, perhaps held or hidden);
   * null for others once others may not see it. Each is serialised once for all who get it.
   */
  const framesOf = async (
    doc: LiveChatMessageDoc,
  ): Promise<{ others: string | null; author: string } | null> => {
    // An erased author's key is gone: their words went with it.
    const content = await unseal(ctx.auth.vault, doc.content);
    if (content === null) return null;
    const { visibility } = doc;
    const message: LiveChatMessage = {
      id: doc._id,
      pseudonym: doc.pseudonym,
      archetype: null,
      content,
      timestamp: doc.at,
      isOwn: false,
      moderation: null,
    };
    const frame = (message: LiveChatMessage) => JSON.stringify({ type: 'message', message });
    const shownToAuthor = visibility === 'held' || visibility === 'hidden';
    if (visibility === 'removed') return null;
    return {
      others: visibility === 'visible' ? frame(message) : null,
      author: frame({
        ...message,
        isOwn: true,
        moderation: shownToAuthor ? { visibility, reason: doc.moderationReason ?? 'other' } : null,
      }),
    };
  };

  /** What one member gets of a message, if anything. */
  const frameFor = (
    member: Member,
    doc: LiveChatMessageDoc,
    frames: { others: string | null; author: string } | null,
  ) => (!frames ? null : member.personId === doc.authorId ? frames.author : frames.others);

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
        const frames = await framesOf(doc);
        for (const member of members) {
          const frame = frameFor(member, doc, frames);
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
      const frame = frameFor(member, doc, await framesOf(doc));
      if (frame) send(member.socket, frame);
      member.seenSeq = doc.seq;
    }
    cursor ??= member.seenSeq;
  };

  const join = async (connection: Connection, personId: string, accessToken?: string) => {
    const { socket } = connection;
    const profile = await chatProfile(ctx, personId, accessToken);
    await ready;
    const entry: PresenceEntry = {
      _id: ctx.newId(),
      processId,
      userId: publicUserId(ctx, personId),
      ...profile,
      archetype: null,
      addressKey: addressKey(ctx, connection.address),
      joinedAt: ctx.clock.now().toISOString(),
    };
    const admission = await presence.join(entry, options);
    if (admission !== 'admitted') {
      const whose = admission === 'person-full' ? 'you have' : 'your network has';
      socket.close(LIVE_CHAT_CLOSE.tooMany, `Too many chat tabs: ${whose} the most allowed`);
      return;
    }
    const member: Member = { socket, personId, presence: entry, seenSeq: 0 };
    connection.member = member;
    if (socket.readyState !== WebSocket.OPEN) return;
    await inOrder(() => welcome(member));
  };

  const leave = async (member: Member) => {
    members.delete(member);
    if (members.size === 0) cursor = null;
    await presence.leave(member.presence._id);
  };

  const post = async (member: Member, content: string) => {
    try {
      const text = acceptChatText(content, LIVE_CHAT_MAX_LENGTH);
      await handle(ctx, chatters(ctx.dayRules), {
        type: 'PostLiveChatMessage',
        messageId: ctx.newId(),
        personId: member.personId,
        pseudonym: member.presence.pseudonym,
        archetype: null,
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

  const accept = (socket: WebSocket, address: string) => {
    const connection: Connection = {
      socket,
      address,
      member: null,
      identified: false,
      alive: true,
      queue: Promise.resolve(),
    };
    connections.add(connection);
    perAddress.set(address, (perAddress.get(address) ?? 0) + 1);
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
      const left = (perAddress.get(address) ?? 1) - 1;
      if (left > 0) perAddress.set(address, left);
      else perAddress.delete(address);
      // After whatever the socket had under way (its join may still be running).
      connection.queue = connection.queue
        .then(() => (connection.member ? leave(connection.member) : undefined))
        .catch((err: unknown) => logger.warn({ err }, 'mini chat leave failed'));
    });
  };

  /** A person who erased their data leaves the chat on every process: their device is new. */
  const dismiss = (personId: string) => {
    for (const member of members) {
      if (member.personId === personId) {
        member.socket.close(LIVE_CHAT_CLOSE.notRegistered, 'Register first');
      }
    }
  };

  /**
   * A message's visibility changed: others lose it (or get it back, in its place by its
   * time), its author sees why.
   */
  const moderated = async (messageId: string) => {
    const doc = await view.live_chat_messages.findOne({ _id: messageId });
    if (!doc) return;
    const frames = await framesOf(doc);
    const removed = JSON.stringify({ type: 'messageRemoved', id: messageId });
    for (const member of members) {
      if (member.seenSeq < doc.seq) continue;
      send(member.socket, frameFor(member, doc, frames) ?? removed);
    }
  };

  const changes: Subscription = notices.subscribe((notice) => {
    for (const topic of notice.topics) {
      if (topic.startsWith(liveChatNotices.erasedPrefix)) {
        dismiss(topic.slice(liveChatNotices.erasedPrefix.length));
      }
      if (topic.startsWith(liveChatNotices.moderatedPrefix) && members.size > 0) {
        const messageId = topic.slice(liveChatNotices.moderatedPrefix.length);
        void inOrder(() => moderated(messageId));
      }
    }
    if (members.size === 0) return;
    if (notice.topics.includes(liveChatNotices.messages) && !messagesQueued) {
      messagesQueued = true;
      void inOrder(forwardMessages);
    }
    if (notice.topics.includes(PRESENCE_NOTICE)) void inOrder(() => refreshPresence());
  });

  // Keeps this process's sockets present, and sweeps away those whose process stopped renewing.
  const keep = async () => {
    await ready;
    await presence.renew(
      processId,
      [...members].map((member) => member.presence),
    );
    await presence.sweep();
    if (members.size > 0) await inOrder(() => refreshPresence());
  };
  const keeper = setInterval(
    () => void keep().catch((err: unknown) => logger.warn({ err }, 'mini chat presence failed')),
    options.renewMs ?? Math.floor(options.presenceTtlMs / 3),
  );
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
      const address = options.addressOf(req);
      if ((perAddress.get(address) ?? 0) >= options.socketsPerAddress) {
        socket.end(
          'HTTP/1.1 429 Too Many Requests\r\nRetry-After: 10\r\nConnection: close\r\nContent-Length: 0\r\n\r\n',
        );
        return true;
      }
      wss.handleUpgrade(req, socket, head, (ws) => accept(ws, address));
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
      await presence.leaveAll(processId);
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      logger.debug('mini chat hub closed');
    },
  };
};
