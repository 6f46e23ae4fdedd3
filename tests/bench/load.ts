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
};

export type LoadReply =
  { ok: number; notOk: number; p50: number; p99: number; seconds: number } | { error: string };

/**
 * Runs the load from a process of its own (autocannon in load-child.ts): the load generator's
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
