import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Synchronous } from '../sqlite';
import type { AppendOutcome, AppendRequest } from './sqlite-append';

/**
 * How the writer thread starts. Compiled (dist/server), the writer is a program of its own
 * beside this module's file; from the TypeScript source (tsx, tests), the thread registers the
 * TypeScript loader first, then imports sqlite-append-worker.ts.
 */
const workerStart = (): { code: string; eval: true } | { code: URL; eval: false } => {
  if (!import.meta.url.endsWith('.ts')) {
    return { code: new URL('./sqlite-append-worker.js', import.meta.url), eval: false };
  }
  const tsxPackage = createRequire(import.meta.url).resolve('tsx/package.json');
  const tsxApi = pathToFileURL(join(dirname(tsxPackage), 'dist/esm/api/index.mjs')).href;
  const worker = new URL('./sqlite-append-worker.ts', import.meta.url).href;
  return {
    code: `import(${JSON.stringify(tsxApi)}).then(({ register }) => register()).then(() => import(${JSON.stringify(worker)}));`,
    eval: true,
  };
};

export type AppendThread = {
  /** Writes one batch as one transaction on the writer thread. One batch at a time. */
  write(batch: AppendRequest[]): Promise<AppendOutcome[]>;
  close(): Promise<void>;
};

/**
 * A writer thread for the log's file. A thread that dies fails its batch and is started again for the next.
 */
export const openAppendThread = (file: string, synchronous: Synchronous): AppendThread => {
  let worker: Worker | null = null;
  let pending: { resolve: (o: AppendOutcome[]) => void; reject: (e: unknown) => void } | null =
    null;

  const start = () => {
    const start = workerStart();
    const started = new Worker(start.code, { eval: start.eval, workerData: { file, synchronous } });
    started.unref();
    started.on('message', (outcomes: AppendOutcome[]) => {
      started.unref(); // idle: the thread alone keeps no process alive
      const waiting = pending;
      pending = null;
      waiting?.resolve(outcomes);
    });
    const lost = (error: unknown) => {
      if (worker === started) worker = null;
      const waiting = pending;
      pending = null;
      waiting?.reject(
        error instanceof Error ? error : new Error(`The log's writer thread ${String(error)}`),
      );
    };
    started.on('error', lost);
    started.on('exit', (code) => lost(`exited (${code})`));
    return started;
  };

  worker = start(); // ready before the first append needs it
  return {
    write: (batch) =>
      new Promise((resolve, reject) => {
        if (pending) throw new Error('One batch at a time');
        worker ??= start();
        pending = { resolve, reject };
        worker.ref(); // a commit under way keeps the process alive until it is answered
        worker.postMessage(batch);
      }),
    close: async () => {
      const closing = worker;
      worker = null;
      if (!closing) return;
      await new Promise<void>((resolve) => {
        closing.ref(); // the process waits for the thread to close its connection
        closing.once('exit', () => resolve());
        closing.postMessage('close');
      });
    },
  };
};
