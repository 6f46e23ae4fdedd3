import type { ScryptOptions } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

/** Too much key derivation is already waiting: the caller should answer 503 with Retry-After. */
export class KdfBusyError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('Password work queue is full');
    this.name = 'KdfBusyError';
  }
}

/**
 * The process is stopping and its password work with it: the request never took effect, and
 * the caller should answer 503 so the client tries again (on another process, or after the
 * restart).
 */
export class KdfClosedError extends Error {
  constructor() {
    super('key derivation pool is closed');
    this.name = 'KdfClosedError';
  }
}

export type Derive = (
  password: string,
  salt: Buffer,
  keyLength: number,
  options: ScryptOptions,
) => Promise<Buffer>;

export type KdfPool = { derive: Derive; close: () => Promise<void> };

/**
 * Plain JavaScript, evaluated in each worker: scrypt runs synchronously on the worker's own
 * thread, never on libuv's pool that file serving and the rest of the process share. The
 * thread runs at the lowest priority (on Linux a nice value is per thread): when the cores are
 * busy, serving pages comes first and password work waits.
 */
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { scryptSync } = require('node:crypto');
try { require('node:os').setPriority(19); } catch {}
parentPort.on('message', ({ password, salt, keyLength, options }) => {
  try {
    const key = scryptSync(password, Buffer.from(salt), keyLength, options);
    parentPort.postMessage({ key });
  } catch (error) {
    parentPort.postMessage({ error: String(error && error.message) });
  }
});
`;

type Job = {
  password: string;
  salt: Buffer;
  keyLength: number;
  options: ScryptOptions;
  resolve: (key: Buffer) => void;
  reject: (error: Error) => void;
};

type Slot = { worker: Worker | null; job: Job | null; startedAt: number };

/** Half the cores (one here, at most four): derivations never take every core from the app. */
export const defaultKdfWorkers = () =>
  Math.max(1, Math.min(4, Math.floor(availableParallelism() / 2)));

/**
 * A small pool of worker threads for password hashing with a bounded queue. Each derivation
 * at production cost takes 128 MiB and a core for a quarter second or more, so the pool also
 * bounds memory; past `maxQueued` waiting jobs, `derive` fails at once with KdfBusyError.
 */
export const createKdfPool = ({
  workers = defaultKdfWorkers(),
  maxQueued = workers * 8,
}: { workers?: number; maxQueued?: number } = {}): KdfPool => {
  const slots: Slot[] = Array.from({ length: workers }, () => ({
    worker: null,
    job: null,
    startedAt: 0,
  }));
  const queue: Job[] = [];
  /** Moving average of a derivation's duration, for an honest Retry-After. */
  let averageMs = 250;
  let closed = false;

  const finish = (slot: Slot) => {
    const job = slot.job;
    slot.job = null;
    slot.worker?.unref();
    if (job) averageMs = averageMs * 0.8 + (performance.now() - slot.startedAt) * 0.2;
    pump();
    return job;
  };

  const spawn = (slot: Slot) => {
    const worker = new Worker(WORKER_SOURCE, { eval: true });
    worker.unref();
    worker.on('message', (message: { key?: Uint8Array; error?: string }) => {
      const job = finish(slot);
      if (message.key) job?.resolve(Buffer.from(message.key));
      else job?.reject(new Error(message.error ?? 'key derivation failed'));
    });
    // A worker that dies takes only its own job with it; the next job gets a new worker.
    const lost = (error: Error) => {
      if (slot.worker !== worker) return;
      slot.worker = null;
      finish(slot)?.reject(error);
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`key derivation worker exited (${code})`)));
    return worker;
  };

  const pump = () => {
    for (const slot of slots) {
      if (slot.job || queue.length === 0 || closed) continue;
      const job = queue.shift()!;
      slot.worker ??= spawn(slot);
      slot.job = job;
      slot.startedAt = performance.now();
      slot.worker.ref();
      slot.worker.postMessage({
        password: job.password,
        salt: job.salt,
        keyLength: job.keyLength,
        options: job.options,
      });
    }
  };

  return {
    derive: (password, salt, keyLength, options) => {
      if (closed) return Promise.reject(new KdfClosedError());
      const busy = slots.filter((s) => s.job).length;
      if (busy === workers && queue.length >= maxQueued) {
        const waitMs = ((queue.length + busy) * averageMs) / workers;
        return Promise.reject(new KdfBusyError(Math.max(1, Math.ceil(waitMs / 1000))));
      }
      return new Promise<Buffer>((resolve, reject) => {
        queue.push({ password, salt, keyLength, options, resolve, reject });
        pump();
      });
    },
    close: async () => {
      closed = true;
      queue.splice(0).forEach((job) => job.reject(new KdfClosedError()));
      await Promise.all(
        slots.map(async (slot) => {
          const worker = slot.worker;
          slot.worker = null;
          slot.job?.reject(new KdfClosedError());
          slot.job = null;
          await worker?.terminate();
        }),
      );
    },
  };
};
