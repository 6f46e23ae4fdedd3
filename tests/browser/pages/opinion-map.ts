import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { OpinionMapDto } from '../../../domain/contracts/opinions';
import { someoneElse } from './community';

type Headers = Record<string, string>;
export type Member = { headers: Headers; answerId: string };

/** Someone (a fresh device, or given headers) who answers today's question through the API. */
const answer = async (request: APIRequestContext, content: string, headers?: Headers) => {
  const who = headers ?? (await someoneElse(request));
  const question = await (await request.get('/api/question/today')).json();
  const answered = await request.post('/api/responses', {
    headers: who,
    data: { content, questionId: question.id },
  });
  expect(answered.status()).toBe(201);
  return { headers: who, answerId: (await answered.json()).id as string };
};

/**
 * The opinion map's known answer, planted through the API: two camps of eight (the first with
 * `first` in it, who has answered already), each member echoing the other answers of their
 * camp and two bridge answers everyone echoes (nine echoes each, under the day's ten).
 */
export const plantCamps = async (request: APIRequestContext, first: Member) => {
  const camps: Member[][] = [[first], []];
  for (let i = 1; i < 8; i++) {
    camps[0]!.push(await answer(request, `Loyalty first: a promise to a friend binds me (${i}).`));
  }
  for (let i = 0; i < 8; i++) {
    camps[1]!.push(
      await answer(request, `Honesty first: the truth matters more than a promise (${i}).`),
    );
  }
  const bridges = [
    await answer(request, 'Whatever we choose, we owe each other an explanation.'),
    await answer(request, 'Both sides care about trust; they only weigh it differently.'),
  ];
  let lastPosition = '0';
  for (const camp of camps) {
    for (const member of camp) {
      for (const other of [...camp.filter((m) => m !== member), ...bridges]) {
        const echoed = await request.post(`/api/responses/${other.answerId}/echo`, {
          headers: member.headers,
        });
        expect(echoed.status()).toBe(200);
        lastPosition = ((await echoed.json()) as { position: string }).position;
      }
    }
  }
  /** The last echo's place in the log: a read sent with it as X-Min-Position sees every echo. */
  return { camps, bridges, lastPosition };
};

/** A device's own view of the map, through the API. */
export const mapSeenBy = async (request: APIRequestContext, questionId: number, headers: Headers) =>
  (await (await request.get(`/api/opinions/${questionId}`, { headers })).json()) as OpinionMapDto;

/** The map below a discussion's answers. */
export class OpinionMapSection {
  constructor(private readonly page: Page) {}

  /** Its code and data come once its place is near: scrolled to, they arrive. */
  async reach() {
    await this.page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect(this.wherePeopleStand).toBeVisible();
    await this.wherePeopleStand.scrollIntoViewIfNeeded();
  }

  get wherePeopleStand() {
    return this.page.getByRole('region', { name: 'Where people stand' });
  }

  get summary() {
    return this.page.locator('[data-opinion-summary]');
  }

  get commonGround() {
    return this.page.getByRole('region', { name: 'Common ground' });
  }

  group(id: string) {
    return this.page.getByRole('region', { name: `Group ${id}` });
  }

  get table() {
    return this.page.getByRole('table', { name: 'Groups on the map' });
  }
}
