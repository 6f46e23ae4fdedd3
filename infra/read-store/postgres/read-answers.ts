type Answer = { value: unknown; documents: number; readAt: number };

/**
 * What reads of announced read models answered outside units of work, kept for the next
 * request that asks the same, until anything may have changed it: every unit this process
 * commits and every notice another process's commit sends forget all of it, and nothing is
 * kept longer than `maxAgeMs` (the floor for writes no notice announces). A read under way
 * when they forget is not kept: it may have seen the store before the change.
 *
 * The same read asked while one is under way waits for it rather than asking the server too
 * (when many requests arrive as an answer expires), unless a change was announced since it
 * began.
 *
 * Bounded by documents held (a count or a missing document counts one), in two generations
 * of half each, as the units' document cache is (`document-lru.ts`). What it hands out is a
 * copy: callers may change what they get.
 */
export class ReadAnswers {
  private recent = new Map<string, Answer>();
  private older = new Map<string, Answer>();
  private recentDocuments = 0;
  private epoch = 0;
  /** Reads under way, by key: the same read asked meanwhile waits for it (since the last change). */
  private underWay = new Map<string, Promise<unknown>>();

  constructor(
    private readonly options: {
      /** Documents held at most; 0 keeps nothing. */
      capacity: number;
      maxAgeMs: number;
      now: () => number;
    },
  ) {}

  /** Everything read until now may be out of date. */
  forget(): void {
    this.epoch++;
    this.underWay = new Map();
    this.recent = new Map();
    this.older = new Map();
    this.recentDocuments = 0;
  }

  /**
   * The answer kept for `key` while it is fresh, else `read()`'s, kept when no change was
   * announced while it ran. A null key (a filter that is not plain JSON) is never kept.
   */
  async read<R>(key: string | null, read: () => Promise<R>): Promise<R> {
    if (key === null || this.options.capacity === 0) return read();
    const now = this.options.now();
    const kept = this.lookUp(key, now);
    if (kept) return structuredClone(kept.value) as R;
    const shared = this.underWay.get(key);
    if (shared) return structuredClone(await shared) as R;
    const epoch = this.epoch;
    const underWay = this.underWay;
    const reading = read();
    underWay.set(key, reading);
    try {
      const value = await reading;
      if (epoch === this.epoch) {
        const documents = Array.isArray(value) ? Math.max(1, value.length) : 1;
        // A single answer larger than a generation would push out everything else for nothing.
        if (documents <= this.options.capacity / 4) {
          this.keep(key, { value: structuredClone(value), documents, readAt: now });
        }
      }
      return value;
    } finally {
      underWay.delete(key);
    }
  }

  private lookUp(key: string, now: number): Answer | undefined {
    let answer = this.recent.get(key);
    if (!answer) {
      answer = this.older.get(key);
      if (answer) {
        this.older.delete(key);
        if (now - answer.readAt <= this.options.maxAgeMs) this.keep(key, answer);
      }
    }
    if (answer && now - answer.readAt > this.options.maxAgeMs) {
      if (this.recent.delete(key)) this.recentDocuments -= answer.documents;
      return undefined;
    }
    return answer;
  }

  private keep(key: string, answer: Answer) {
    const previous = this.recent.get(key);
    if (previous) this.recentDocuments -= previous.documents;
    this.recent.set(key, answer);
    this.recentDocuments += answer.documents;
    if (this.recentDocuments > this.options.capacity / 2) {
      this.older = this.recent;
      this.recent = new Map();
      this.recentDocuments = 0;
    }
  }
}

/**
 * A read's key: its collection, what it does and its arguments as JSON, or null when an
 * argument is not plain JSON (a regular expression, a function), whose JSON would not tell two
 * apart.
 */
export const answerKey = (collection: string, kind: string, ...args: unknown[]): string | null =>
  args.every(plainJson) ? `${collection}\u0000${kind}\u0000${JSON.stringify(args)}` : null;

const plainJson = (value: unknown): boolean => {
  if (value === null || value === undefined) return true;
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return true;
    case 'number':
      return Number.isFinite(value);
    case 'object':
      if (Array.isArray(value)) return value.every(plainJson);
      if (Object.getPrototypeOf(value) !== Object.prototype) return false;
      return Object.values(value).every(plainJson);
    default:
      return false;
  }
};
