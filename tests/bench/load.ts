import { fork } from 'node:child_process';
import { join } from 'node:path';

/** One HTTP load: a request shape, its rate or amount, and the devices it rotates through. */
export type LoadSpec = {
  url: string;
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  deviceIds: string[];
  connections: number;
  overallRate?: number;
  amount?: number;
  seconds?: number;
  /**
   * Requests sent at evenly spaced moments (open loop: `overallRate` for `seconds`), each one's
   * latency taken from the moment it was due. autocannon's rate lets every connection send its
   * second's quota at the top of each second (a burst of the whole rate at once) and corrects
   * for coordinated omission with a 1 ms interval, so its p99 measures the burst.
   */
  paced?: boolean;
};

export type LoadReply =
  | {
      ok: number;
      notOk: number;
      p50: number;
      p99: number;
      seconds: number;
      /** What the requests not answered 2xx got instead: a status, or a socket error's code. */
      failures?: Record<string, number>;
    }
  | { error: string };

/**
 * Runs the load from a process of its own (load-child.ts): the load generator's
 * own work and pauses never land inside the measured server's latencies, nor the baseline's.
 */
export const loadFrom = (spec: LoadSpec) =>
  new Promise<Extract<LoadReply, { ok: number }>>((resolve, reject) => {
    const child = fork(join(import.meta.dirname, 'load-child.ts'), [], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.once('message', (reply: LoadReply) =>
      'error' in reply ? reject(new Error(reply.error)) : resolve(reply),
    );
    child.once('exit', (code) => reject(new Error(`the load process exited (${code})`)));
    child.send(spec);
  });

/** The baseline route: GET answers `body` as JSON; POST parses JSON and answers `body` with 201. */
export type BareSpec = { method: 'GET' | 'POST'; body: string };

/**
 * A bare Express route in a process of its own (bare-child.ts): the baseline never shares a
 * heap or an event loop with what the bench built before it.
 */
export const bareRoute = (spec: BareSpec) =>
  new Promise<{ url: string; close: () => Promise<void> }>((resolve, reject) => {
    const child = fork(join(import.meta.dirname, 'bare-child.ts'), [], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const exited = new Promise<void>((done) => child.once('exit', () => done()));
    child.once('message', ({ port }: { port: number }) =>
      resolve({
        url: `http://127.0.0.1:${port}`,
        close: async () => {
          child.disconnect();
          await exited;
        },
      }),
    );
    void exited.then(() => reject(new Error('the baseline process exited before listening')));
    child.send(spec);
  });
