import { expect, type APIRequestContext } from '@playwright/test';

const DAY_MS = 86_400_000;

/**
 * The server's test clock (TEST_CLOCK, the tour's server only): moves its time a day forward,
 * which activates the next product day's question; answers that day.
 */
export const moveToNextDay = async (request: APIRequestContext) => {
  const res = await request.post('/api/test/clock', { data: { advanceMs: DAY_MS } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { day: string }).day;
};
