type Answer = {
  value: unknown;
  documents: number;
  readAt: number;
  /** Whose notices say it changed, and how often they had when it was read. */
  announcer: string;
  told: number;
};

/**
 * What reads of announced read models answered outside units of work, kept for the next
 * request that asks the same, until anything may have changed it: a notice of a projection's
 * change (a unit of this process, or another's commit) forgets what was read of that
 * projection's collections, a change not made by units (indexes, a dropped collection) forgets
 * everything, and nothing is kept longer than `maxAgeMs` (the floor for writes no notice
 * announces). A read under way when they forget is not kept: it may have seen the store
 * before the change.
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
  /** Notices heard, by announcer: an answer read before the latest is out of date. */
  private notices = new Map<string, number>();
  /** Reads under way, by key: the same read asked meanwhile waits for it (since the last change). */
  private underWay = new Map<string, { reading: Promise<unknown>; told: number }>();

  constructor(
    private readonly options: {
      /** Documents held at most; 0 keeps nothing. */
      capacity: number;
      maxAgeMs: number;
      now: () => number;
    },
  ) {}

  /**
   * What was read of `announcer`'s collections until now may be out of date; without an
   * announcer, everything read. Forgetting one announcer's answers costs nothing now: each is
   * found out of date when next asked for, and leaves with its generation.
   */
  forget(announcer?: string): void {
    if (announcer !== undefined) {
      this.notices.set(announcer, (this.notices.get(announcer) ?? 0) + 1);
      return;
    }
    this.epoch++;
    this.underWay = new Map();
    this.recent = new Map();
    this.older = new Map();
    this.recentDocuments = 0;
  }

  /**
   * The answer kept for `key` while it is fresh, else `read()`'s, kept when no change was
   * announced while it ran (by `announcer`, whose notices say when the collection read
   * changes, or by anyone's forgetting everything). A null key (a filter that is not plain
   * JSON) is never kept.
   */
  async read<R>(key: string | null, announcer: string, read: () => Promise<R>): Promise<R> {
    if (key === null || this.options.capacity === 0) return read();
    const now = this.options.now();
    const told = this.notices.get(announcer) ?? 0;
    const kept = this.lookUp(key, now, told);
    if (kept) return structuredClone(kept.value) as R;
    const shared = this.underWay.get(key);
    if (shared?.told === told) return structuredClone(await shared.reading) as R;
    const epoch = this.epoch;
    const underWay = this.underWay;
    const reading = read();
    const mine = { reading: reading as Promise<unknown>, told };
    underWay.set(key, mine);
    try {
      const value = await reading;
      if (epoch === this.epoch && told === (this.notices.get(announcer) ?? 0)) {
        const documents = Array.isArray(value) ? Math.max(1, value.length) : 1;
        // A single answer larger than a generation would push out everything else for nothing.
        if (documents <= this.options.capacity / 4) {
          const answer = { value: structuredClone(value), documents, readAt: now };
          this.keep(key, { ...answer, announcer, told });
        }
      }
      return value;
    } finally {
      if (underWay.get(key) === mine) underWay.delete(key);
    }
  }

  private lookUp(key: string, now: number, told: number): Answer | undefined {
    let answer = this.recent.get(key);
    if (!answer) {
      answer = this.older.get(key);
      if (answer) {
        this.older.delete(key);
        if (now - answer.readAt <= this.options.maxAgeMs) this.keep(key, answer);
      }
    }
    if (answer && (now - answer.readAt > this.options.maxAgeMs || answer.told !== told)) {
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
