import { describe, expect, it } from 'vitest';
import { answerKey, ReadAnswers } from '../../infra/read-store/postgres/read-answers';

const answersAt = (clock: { now: number }, capacity = 100, maxAgeMs = 1_000) =>
  new ReadAnswers({ capacity, maxAgeMs, now: () => clock.now });

describe('the answers kept between requests (PostgreSQL reads)', () => {
  it('reads once, then hands out copies of what it read', async () => {
    const answers = answersAt({ now: 0 });
    let reads = 0;
    const read = () => answers.read('k', async () => ({ n: ++reads, list: [1] }));
    const first = await read();
    first.list.push(2);
    expect(await read()).toEqual({ n: 1, list: [1] });
    expect(reads).toBe(1);
  });

  it('keeps nothing a change was announced during', async () => {
    const answers = answersAt({ now: 0 });
    let reads = 0;
    let release!: () => void;
    const slow = answers.read('k', async () => {
      reads++;
      await new Promise<void>((resolve) => (release = resolve));
      return 'old';
    });
    answers.forget();
    release();
    expect(await slow).toBe('old');
    expect(await answers.read('k', async () => (reads++, 'new'))).toBe('new');
    expect(reads).toBe(2);
  });

  it('reads again once an answer is older than its bound, or forgotten', async () => {
    const clock = { now: 0 };
    const answers = answersAt(clock);
    let reads = 0;
    const read = () => answers.read('k', async () => ++reads);
    await read();
    clock.now = 1_000;
    expect(await read()).toBe(1);
    clock.now = 1_001;
    expect(await read()).toBe(2);
    answers.forget();
    expect(await read()).toBe(3);
  });

  it('holds at most its capacity in documents, and never one answer larger than a quarter of it', async () => {
    const answers = answersAt({ now: 0 }, 8);
    let reads = 0;
    const list = (n: number) => async () => (reads++, Array.from({ length: n }, (_, i) => i));
    await answers.read('big', list(3));
    await answers.read('big', list(3));
    expect(reads).toBe(2);
    // Two of two documents fill a generation (half of 8 is 4): the third pushes the first two
    // into the older generation, the fourth drops them.
    for (const key of ['a', 'b', 'c', 'd', 'e', 'f', 'g']) await answers.read(key, list(2));
    reads = 0;
    await answers.read('a', list(2));
    expect(reads).toBe(1);
    await answers.read('g', list(2));
    expect(reads).toBe(1);
  });

  it('names a read by its collection, kind and arguments, and never one whose arguments are not plain JSON', () => {
    expect(answerKey('c', 'find', { a: 1 }, { limit: 2 })).toBe(
      answerKey('c', 'find', { a: 1 }, { limit: 2 }),
    );
    expect(answerKey('c', 'find', { a: 1 })).not.toBe(answerKey('d', 'find', { a: 1 }));
    expect(answerKey('c', 'find', { a: 1 })).not.toBe(answerKey('c', 'count', { a: 1 }));
    expect(answerKey('c', 'find', { a: { $regex: /x/ } })).toBeNull();
    expect(answerKey('c', 'find', { at: new Date(0) })).toBeNull();
    expect(answerKey('c', 'find', { n: Number.NaN })).toBeNull();
    let reads = 0;
    const answers = answersAt({ now: 0 });
    const read = () => answers.read(null, async () => ++reads);
    return read()
      .then(read)
      .then(() => expect(reads).toBe(2));
  });
});

describe('the same read asked while one is under way', () => {
  it('waits for it, each getting a copy; after a change it asks again', async () => {
    const answers = answersAt({ now: 0 });
    let reads = 0;
    const waiting: (() => void)[] = [];
    const release = () => waiting.splice(0).forEach((resume) => resume());
    const slow = async () => {
      const n = ++reads;
      await new Promise<void>((resolve) => waiting.push(resolve));
      return { n };
    };
    const first = answers.read('k', slow);
    const second = answers.read('k', slow);
    release();
    const [a, b] = await Promise.all([first, second]);
    expect(a).toEqual({ n: 1 });
    expect(b).toEqual({ n: 1 });
    expect(a).not.toBe(b);
    expect(reads).toBe(1);

    answers.forget();
    const third = answers.read('other', slow);
    answers.forget();
    const fourth = answers.read('other', slow);
    expect(reads).toBe(3);
    release();
    await Promise.all([third, fourth]);
  });
});
