import { describe, expect, it } from 'vitest';
import { answerKey, ReadAnswers } from '../../infra/read-store/postgres/read-answers';

const answersAt = (clock: { now: number }, capacity = 100, maxAgeMs = 1_000) =>
  new ReadAnswers({ capacity, maxAgeMs, now: () => clock.now });

/** A read of 'k' (announced by 'p') under way until released, then answering 'old'; counted. */
const heldRead = (answers: ReadAnswers, count: { reads: number }) => {
  let release!: () => void;
  const reading = answers.read('k', 'p', async () => {
    count.reads++;
    await new Promise<void>((resolve) => (release = resolve));
    return 'old';
  });
  return { reading, release: () => release() };
};

describe('the answers kept between requests (PostgreSQL reads)', () => {
  it('reads once, then hands out copies of what it read', async () => {
    const answers = answersAt({ now: 0 });
    let reads = 0;
    const read = () => answers.read('k', 'p', async () => ({ n: ++reads, list: [1] }));
    const first = await read();
    first.list.push(2);
    expect(await read()).toEqual({ n: 1, list: [1] });
    expect(reads).toBe(1);
  });

  it('keeps nothing a change was announced during', async () => {
    const answers = answersAt({ now: 0 });
    const count = { reads: 0 };
    const slow = heldRead(answers, count);
    answers.forget();
    slow.release();
    expect(await slow.reading).toBe('old');
    expect(await answers.read('k', 'p', async () => (count.reads++, 'new'))).toBe('new');
    expect(count.reads).toBe(2);
  });

  it('reads again once an answer is older than its bound, or forgotten', async () => {
    const clock = { now: 0 };
    const answers = answersAt(clock);
    let reads = 0;
    const read = () => answers.read('k', 'p', async () => ++reads);
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
    await answers.read('big', 'p', list(3));
    await answers.read('big', 'p', list(3));
    expect(reads).toBe(2);
    // Two of two documents fill a generation (half of 8 is 4): the third pushes the first two
    // into the older generation, the fourth drops them.
    for (const key of ['a', 'b', 'c', 'd', 'e', 'f', 'g']) await answers.read(key, 'p', list(2));
    reads = 0;
    await answers.read('a', 'p', list(2));
    expect(reads).toBe(1);
    await answers.read('g', 'p', list(2));
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
    const read = () => answers.read(null, 'p', async () => ++reads);
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
    const first = answers.read('k', 'p', slow);
    const second = answers.read('k', 'p', slow);
    release();
    const [a, b] = await Promise.all([first, second]);
    expect(a).toEqual({ n: 1 });
    expect(b).toEqual({ n: 1 });
    expect(a).not.toBe(b);
    expect(reads).toBe(1);

    answers.forget();
    const third = answers.read('other', 'p', slow);
    answers.forget();
    const fourth = answers.read('other', 'p', slow);
    expect(reads).toBe(3);
    release();
    await Promise.all([third, fourth]);
  });

  it('asks again when the read’s announcer is told of a change meanwhile, and keeps nothing of it', async () => {
    const answers = answersAt({ now: 0 });
    const count = { reads: 0 };
    const first = heldRead(answers, count);
    answers.forget('p');
    const second = answers.read('k', 'p', async () => (count.reads++, 'new'));
    expect(await second).toBe('new');
    first.release();
    expect(await first.reading).toBe('old');
    expect(await answers.read('k', 'p', async () => (count.reads++, 'newer'))).toBe('new');
    expect(count.reads).toBe(2);
  });
});

describe('forgetting by announcer', () => {
  it('forgets what was read of one projection’s collections, and keeps the others', async () => {
    const answers = answersAt({ now: 0 });
    let reads = 0;
    const read = (key: string, announcer: string) =>
      answers.read(key, announcer, async () => ++reads);
    await read('a', 'p');
    await read('b', 'q');
    answers.forget('q');
    expect(await read('a', 'p')).toBe(1);
    expect(await read('b', 'q')).toBe(3);
    answers.forget('p');
    expect(await read('a', 'p')).toBe(4);
    expect(await read('b', 'q')).toBe(3);
    // Without an announcer: everything.
    answers.forget();
    expect(await read('a', 'p')).toBe(5);
    expect(await read('b', 'q')).toBe(6);
  });

  it('does not keep a read its announcer was told of a change during', async () => {
    const answers = answersAt({ now: 0 });
    const count = { reads: 0 };
    const slow = heldRead(answers, count);
    answers.forget('q');
    answers.forget('p');
    slow.release();
    expect(await slow.reading).toBe('old');
    expect(await answers.read('k', 'p', async () => (count.reads++, 'new'))).toBe('new');
    expect(count.reads).toBe(2);
  });
});
