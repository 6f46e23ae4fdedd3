type Job = {
  work: () => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
};

export type WriteQueue = {
  /** Runs `work` after everything queued before it. */
  serial<R>(work: () => R | Promise<R>): Promise<R>;
  /** Runs `work` after the job under way, ahead of every ordinary job still waiting. */
  urgent<R>(work: () => R | Promise<R>): Promise<R>;
};

/**
 * Everything that writes through one connection, one job after another. Lease changes go in
 * the urgent lane: they wait for the unit of work under way, never for the units queued behind
 * it. A catch-up queues a unit per projection, each up to seconds long; a renewal that waited
 * for all of them could outlast the lease, and another process would take it.
 */
export const writeQueue = (closed: () => boolean): WriteQueue => {
  const urgentJobs: Job[] = [];
  const jobs: Job[] = [];
  let running = false;
  const pump = async () => {
    if (running) return;
    running = true;
    try {
      for (
        let job = urgentJobs.shift() ?? jobs.shift();
        job;
        job = urgentJobs.shift() ?? jobs.shift()
      ) {
        try {
          if (closed()) throw new Error('The read store is closed');
          job.resolve(await job.work());
        } catch (error) {
          job.reject(error);
        }
      }
    } finally {
      running = false;
    }
  };
  const enqueue =
    (lane: Job[]) =>
    <R>(work: () => R | Promise<R>): Promise<R> =>
      new Promise<R>((resolve, reject) => {
        lane.push({ work, resolve: resolve as (value: unknown) => void, reject });
        // A job never starts inside the call that queued it, as with a promise chain.
        void Promise.resolve().then(pump);
      });
  return { serial: enqueue(jobs), urgent: enqueue(urgentJobs) };
};
