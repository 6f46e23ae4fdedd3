type Job = {
  alongside: boolean;
  work: () => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
};

export type UnitGate = {
  /** Runs `work` alone: after everything queued before it, with nothing else running. */
  alone<R>(work: () => Promise<R>): Promise<R>;
  /**
   * Runs `work` beside other such jobs (at most `width` at once), never beside one that runs
   * alone: for units whose documents no other unit touches (a build's generation).
   */
  alongside<R>(work: () => Promise<R>): Promise<R>;
  /** Runs `work` alone, ahead of every job still waiting (after those sent ahead before it). */
  aloneAhead<R>(work: () => Promise<R>): Promise<R>;
};

/**
 * The order in which one process's units of work reach PostgreSQL: first come, first served;
 * a unit that runs alone waits for those running beside each other to end, and they wait for
 * it. Without the width, a build would commit its projections one unit at a time, each unit a
 * chain of round trips with this process and the server both idle between them.
 */
export const unitGate = (width: number, closed: () => boolean): UnitGate => {
  const jobs: Job[] = [];
  /** How many of the first waiting jobs were sent ahead. */
  let ahead = 0;
  let alongside = 0;
  let aloneRunning = false;
  const start = (job: Job) => {
    const finish = () => {
      if (job.alongside) alongside--;
      else aloneRunning = false;
      pump();
    };
    void (async () => {
      try {
        if (closed()) throw new Error('The read store is closed');
        job.resolve(await job.work());
      } catch (error) {
        job.reject(error);
      }
    })().then(finish);
  };
  const pump = () => {
    for (let job = jobs[0]; job && !aloneRunning; job = jobs[0]) {
      if (job.alongside) {
        if (alongside >= width) return;
        alongside++;
      } else {
        if (alongside > 0) return;
        aloneRunning = true;
      }
      jobs.shift();
      if (ahead > 0) ahead--;
      start(job);
    }
  };
  const enqueue =
    (isAlongside: boolean, isAhead = false) =>
    <R>(work: () => Promise<R>): Promise<R> =>
      new Promise<R>((resolve, reject) => {
        const job = {
          alongside: isAlongside,
          work,
          resolve: resolve as (value: unknown) => void,
          reject,
        };
        if (isAhead) jobs.splice(ahead++, 0, job);
        else jobs.push(job);
        // A job never starts inside the call that queued it, as with a promise chain.
        void Promise.resolve().then(pump);
      });
  return { alone: enqueue(false), alongside: enqueue(true), aloneAhead: enqueue(false, true) };
};
