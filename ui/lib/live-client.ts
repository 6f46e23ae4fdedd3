import type { QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ClientMessage, ServerMessage } from '../../domain/contracts/live';
import { adminToken } from './admin-token';
import { deviceId } from './device-identity';
import { keysForTopic } from './query-keys';
import { currentSession } from './session';

/** Who this browser is: the device, the signed-in account, whether an admin is signed in. */
const personhood = () =>
  JSON.stringify([deviceId(), currentSession()?.user.id ?? null, Boolean(adminToken())]);

/** What the hub is told: the device, the signed-in session, an admin. */
const identity = () => {
  const accessToken = currentSession()?.access_token;
  const admin = adminToken();
  return {
    deviceId: deviceId(),
    ...(accessToken ? { accessToken } : {}),
    ...(admin ? { adminToken: admin } : {}),
  };
};

/**
 * One ws connection to /ws for the whole app. It identifies itself first (never in the URL);
 * pages declare the topics they show; a `changed` notice invalidates the queries behind the
 * topic. Reconnects with backoff and resubscribes; reconnects when the identity changes
 * (sign-in, sign-out), since what a socket may follow depends on who it is.
 */
export class LiveClient {
  private socket: WebSocket | null = null;
  private readonly counts = new Map<string, number>();
  private backoff = 500;
  private closed = false;
  private identified = false;
  private identifiedAs = '';

  constructor(private readonly queryClient: QueryClient) {}

  private watcher: ReturnType<typeof setInterval> | null = null;

  start() {
    this.closed = false;
    this.connect();
    // Signing in or out changes what this browser may follow: identify again when it does.
    this.watcher = setInterval(() => this.reidentify(), 1000);
  }

  stop() {
    this.closed = true;
    if (this.watcher) clearInterval(this.watcher);
    this.socket?.close();
  }

  follow(topics: string[]): () => void {
    const added = topics.filter((t) => {
      const n = this.counts.get(t) ?? 0;
      this.counts.set(t, n + 1);
      return n === 0;
    });
    if (added.length && this.identified) this.send({ type: 'subscribe', topics: added });
    return () => {
      const removed = topics.filter((t) => {
        const n = (this.counts.get(t) ?? 1) - 1;
        if (n <= 0) this.counts.delete(t);
        else this.counts.set(t, n);
        return n <= 0;
      });
      if (removed.length) this.send({ type: 'unsubscribe', topics: removed });
    };
  }

  private reidentify() {
    if (!this.socket || personhood() === this.identifiedAs) return;
    this.socket.close();
  }

  private send(message: ClientMessage) {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  }

  private connect() {
    const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`;
    const socket = new WebSocket(url);
    this.socket = socket;
    this.identified = false;
    socket.onopen = () => {
      this.backoff = 500;
      this.identifiedAs = personhood();
      this.send({ type: 'identify', ...identity() });
    };
    socket.onmessage = (event) => {
      const message = JSON.parse(String(event.data)) as ServerMessage;
      if (message.type === 'identified') {
        this.identified = true;
        if (this.counts.size) this.send({ type: 'subscribe', topics: [...this.counts.keys()] });
        // Anything may have changed while we were away.
        for (const topic of this.counts.keys()) this.invalidate(topic);
      } else if (message.type === 'changed') this.invalidate(message.topic);
      else if (message.type === 'subscribed') {
        // Refused now (say, before answering the question) may be allowed soon: ask again.
        const retry = message.refused
          .filter((r) => r.reason === 'forbidden' && this.counts.has(r.topic))
          .map((r) => r.topic);
        if (retry.length) {
          setTimeout(() => {
            const still = retry.filter((t) => this.counts.has(t));
            if (still.length && this.identified) this.send({ type: 'subscribe', topics: still });
          }, 3000);
        }
      }
    };
    socket.onclose = () => {
      this.identified = false;
      if (this.closed) return;
      setTimeout(() => this.connect(), this.backoff);
      this.backoff = Math.min(this.backoff * 2, 10_000);
    };
  }

  private invalidate(topic: string) {
    for (const queryKey of keysForTopic(topic))
      void this.queryClient.invalidateQueries({ queryKey });
  }
}

let shared: LiveClient | null = null;
export const setLiveClient = (client: LiveClient | null) => {
  shared = client;
};

/** Keeps the page's queries live while it is shown. */
export const useLiveTopics = (topics: string[]) => {
  const key = topics.join('|');
  useEffect(() => {
    if (!shared || !key) return;
    return shared.follow(key.split('|'));
  }, [key]);
};
