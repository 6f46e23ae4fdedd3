/**
 * Runs tasks one at a time per key. Commands on the same stream from one instance queue
 * here instead of racing to a version conflict; optimistic concurrency still guards
 * against other instances.
 */
export type KeyedLock = <T>(key: string, task: () => Promise<T>) => Promise<T>;

export const createKeyedLock = (): KeyedLock => {
  const tails = new Map<string, Promise<unknown>>();
  return <T>(key: string, task: () => Promise<T>): Promise<T> => {
    const previous = tails.get(key) ?? Promise.resolve();
    const run = previous.then(task, task);
    const tail = run.catch(() => undefined);
    tails.set(key, tail);
    void tail.then(() => {
      if (tails.get(key) === tail) tails.delete(key);
    });
    return run;
  };
};
