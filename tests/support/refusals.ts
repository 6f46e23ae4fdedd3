import { expect } from 'vitest';
import type request from 'supertest';
import type { TestApp } from './test-app';

/** Sends a request and checks it was refused with the status (and field), appending nothing. */
export const expectRefusedWithoutEvents = async (
  t: TestApp,
  send: () => request.Test,
  status: number,
  field?: string,
) => {
  await t.settled();
  const before = (await t.allEvents()).length;
  const res = await send();
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.type).toBe('application/problem+json');
  if (field) expect(res.body.field).toBe(field);
  expect((await t.allEvents()).length).toBe(before);
  return res;
};
