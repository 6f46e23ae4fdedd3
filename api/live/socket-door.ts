import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Logger } from '../../infra/logger';
import type { ReadStore } from '../../infra/read-store/read-store';
import type { AppContext } from '../context';
import { addressSockets } from './address-sockets';
import { addressKey } from './mini-chat-people';

/** How long an address's count outlives its process's last renewal (a third of it apart). */
const ADDRESS_COUNT_TTL_MS = 60_000;
/** How soon the other processes learn that sockets closed. */
const FLUSH_CLOSED_MS = 1_000;

export type SocketDoorOptions = {
  /** Where the per-address counts every process shares are kept. */
  readStore: ReadStore;
  /** Sockets one client address may hold at once over every process, identified or not. */
  socketsPerAddress: number;
  /** The client's address, as the HTTP routes see it (TRUST_PROXY applies). */
  addressOf: (req: IncomingMessage) => string;
  /** How often the counts are renewed; a third of their TTL by default (tests hurry it). */
  renewMs?: number;
};

export type SocketDoor = {
  /**
   * Counts an upgrade against its address over every process, then lets `upgrade` make it a
   * WebSocket (which calls `upgraded` once it is one), or answers 429 (the address holds its
   * share) or 503 (the counts cannot be read) with no WebSocket at all.
   */
  enter(
    req: IncomingMessage,
    socket: Duplex,
    upgrade: (key: string, upgraded: () => void) => void,
  ): void;
  /** A WebSocket of the address `key` closed. */
  left(key: string): void;
  /** This process holds no socket any more. */
  close(): Promise<void>;
};

const refuse = (socket: Duplex, status: string) =>
  socket.end(
    `HTTP/1.1 ${status}\r\nRetry-After: 10\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`,
  );

/**
 * The door of /ws: one client address never takes every connection. Each socket counts,
 * identified or not, from before its handshake until it closes (or its handshake fails).
 */
export const socketDoor = (
  ctx: AppContext,
  logger: Logger,
  options: SocketDoorOptions,
): SocketDoor => {
  const counts = addressSockets(options.readStore, {
    processId: ctx.newId(),
    ttlMs: ADDRESS_COUNT_TTL_MS,
    now: () => ctx.clock.now().getTime(),
  });
  const ready = counts.prepare();
  const failed = (err: unknown) => logger.warn({ err }, 'live socket counts failed');
  let flushing: NodeJS.Timeout | null = null;
  const left = (key: string) => {
    counts.release(key);
    flushing ??= setTimeout(() => {
      flushing = null;
      counts.flush().catch(failed);
    }, FLUSH_CLOSED_MS);
    flushing.unref();
  };

  // Keeps this process's counts standing, and sweeps those of processes that stopped.
  const keeper = setInterval(
    () => void ready.then(() => counts.renew()).catch(failed),
    options.renewMs ?? Math.floor(ADDRESS_COUNT_TTL_MS / 3),
  );
  keeper.unref();

  const enter = async (
    req: IncomingMessage,
    socket: Duplex,
    upgrade: (key: string, upgraded: () => void) => void,
  ) => {
    const key = addressKey(ctx, options.addressOf(req));
    let counted = false;
    let upgraded = false;
    socket.once('close', () => {
      if (counted && !upgraded) left(key);
    });
    try {
      await ready;
      counted = await counts.admit(key, options.socketsPerAddress);
    } catch (err) {
      failed(err);
      refuse(socket, '503 Service Unavailable');
      return;
    }
    if (!counted) return refuse(socket, '429 Too Many Requests');
    if (socket.destroyed) {
      // Gone while it was counted: its close came before anything was held.
      counted = false;
      left(key);
      return;
    }
    upgrade(key, () => (upgraded = true));
  };

  return {
    enter: (req, socket, upgrade) => void enter(req, socket, upgrade).catch(failed),
    left,
    close: async () => {
      clearInterval(keeper);
      if (flushing) clearTimeout(flushing);
      await ready.then(() => counts.leaveAll()).catch(failed);
    },
  };
};
