import type { QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ClientMessage, ServerMessage } from '../../domain/contracts/live';
import { keysForTopic } from './query-keys';

/**
 * One ws connection to /ws for the whole app. Pages declare the topics they show;
 * a `changed` notice invalidates the queries behind the topic. Reconnects with backoff
 * and resubscribes.
 */
export class LiveClient {
  private socket: WebSocket | null = null;
  private readonly counts = new Map<string, number>();
  private backoff = 500;
  private closed = false;

  constructor(private readonly queryClient: QueryClient) {}

  start() {
    this.closed = false;
    this.connect();
  }

  stop() {
    this.closed = true;
    this.socket?.close();
  }

  follow(topics: string[]): () => void {
    const added = topics.filter((t) => {
      const n = this.counts.get(t) ?? 0;
      this.counts.set(t, n + 1);
      return n === 0;
    });
    if (added.length) this.send({ type: 'subscribe', topics: added });
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

  private send(message: ClientMessage) {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  }

  private connect() {
    const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`;
    const socket = new WebSocket(url);
    this.socket = socket;
    socket.onopen = () => {
      this.backoff = 500;
      if (this.counts.size) this.send({ type: 'subscribe', topics: [...this.counts.keys()] });
      // Anything may have changed while we were away.
      for (const topic of this.counts.keys()) this.invalidate(topic);
    };
    socket.onmessage = (event) => {
      const message = JSON.parse(String(event.data)) as ServerMessage;
      if (message.type === 'changed') this.invalidate(message.topic);
    };
    socket.onclose = () => {
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
