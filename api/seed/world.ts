import { randomBytes } from 'node:crypto';
import {
  addDays,
  startOfProductDay,
  type DayRules,
  type ProductDay,
} from '../../domain/shared/product-day';
import type { RunningServer } from '../server';
import type { Random } from './random';

export type Person = {
  deviceId: string;
  pseudonym: string;
  /** How likely they are to take part on a given day (0–1). */
  activity: number;
};

/** A moment inside a product day: `fraction` 0 is an hour after it starts, 1 an hour before it ends. */
export const momentIn = (day: ProductDay, fraction: number, rules: DayRules): Date =>
  new Date(startOfProductDay(day, rules).getTime() + (1 + fraction * 22) * 3_600_000);

export type Call = { status: number; body: any }; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * The community the seed writes: people, a clock the seed moves through the days, and HTTP
 * calls into the real server, so every write takes the command path a browser's would.
 */
export class SeedWorld {
  readonly people: Person[] = [];
  written = 0;

  constructor(
    readonly server: RunningServer,
    readonly random: Random,
    private readonly setNow: (at: Date) => void,
    readonly rules: DayRules,
  ) {}

  at(moment: Date) {
    this.setNow(moment);
  }

  async call(
    person: Person | null,
    method: string,
    path: string,
    body?: unknown,
    bearer?: string,
  ): Promise<Call> {
    const res = await fetch(`${this.server.url}${path}`, {
      method,
      headers: {
        'Content-Type': 'application/json',
        'X-Device-ID': person?.deviceId ?? randomBytes(16).toString('base64url'),
        ...(bearer ? { Authorization: `Bearer ${bearer}` } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    if (res.ok && method !== 'GET') this.written++;
    return { status: res.status, body: text ? JSON.parse(text) : null };
  }

  /** A new person chooses one of the offered pseudonyms, as setup does. */
  async join(): Promise<Person> {
    for (;;) {
      const deviceId = randomBytes(16).toString('base64url');
      const person: Person = { deviceId, pseudonym: '', activity: 0.1 + this.random.next() * 0.85 };
      const offers = await this.call(person, 'POST', '/api/user/generate-pseudonyms', {});
      const pseudonym = this.random.pick(offers.body.pseudonyms as string[]);
      const setup = await this.call(person, 'POST', '/api/user/setup', {
        pseudonym,
        privacyConsent: true,
        termsConsent: true,
        onboarded: true,
      });
      if (setup.status === 409) continue;
      if (setup.status !== 201)
        throw new Error(`setup failed: ${setup.status} ${JSON.stringify(setup.body)}`);
      person.pseudonym = pseudonym;
      this.people.push(person);
      return person;
    }
  }

  /** The days to write, oldest first, ending today. */
  static days(today: ProductDay, count: number): ProductDay[] {
    return Array.from({ length: count }, (_, i) => addDays(today, i - count + 1));
  }
}

/** One feature's part of the community history, written day by day. */
export type Seeder = {
  name: string;
  day(world: SeedWorld, day: ProductDay): Promise<void>;
};

/** Runs tasks with at most `limit` in flight (appends then share group commits). */
export const inParallel = async <T>(
  items: readonly T[],
  limit: number,
  task: (item: T) => Promise<void>,
) => {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await task(items[next++]!);
    }),
  );
};
