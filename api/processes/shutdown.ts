import type { Server } from 'node:http';

export type Drainable = {
  /** Requests this server has taken in and not answered yet. */
  inFlight(): number;
  /**
   * Stops accepting connections, lets requests under way finish (each answer then closes its
   * connection), and after `graceMs` cuts whatever is still open.
   */
  drain(graceMs: number): Promise<void>;
};

/** Follows a server's requests so that a shutdown can wait for the ones under way. */
export const drainable = (server: Server): Drainable => {
  let inFlight = 0;
  let draining = false;
  let settled: (() => void) | null = null;
  server.prependListener('request', (_req, res) => {
    inFlight++;
    // Arrived while draining on a connection kept alive: answered, then that connection ends.
    if (draining) res.setHeader('Connection', 'close');
    res.once('close', () => {
      inFlight--;
      if (!draining) return;
      setImmediate(() => server.closeIdleConnections());
      if (inFlight === 0) settled?.();
    });
  });
  return {
    inFlight: () => inFlight,
    drain: async (graceMs) => {
      draining = true;
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      if (inFlight > 0) {
        let timer: NodeJS.Timeout | undefined;
        await new Promise<void>((resolve) => {
          settled = resolve;
          timer = setTimeout(resolve, graceMs);
        });
        clearTimeout(timer);
      }
      server.closeAllConnections();
      await closed;
    },
  };
};
