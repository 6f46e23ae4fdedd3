import request from 'supertest';
import { expect } from 'vitest';
import type { TestApp } from './test-app';

/**
 * Answers today's question as this device, and waits until what was written is projected:
 * others then act on what the read models showed them (on PostgreSQL they may trail a write).
 */
export const answerToday = async (
  t: TestApp,
  deviceId: string,
  content = 'Honesty matters more than comfort, always.',
) => {
  const q = await t.todaysQuestion();
  const res = await request(t.app)
    .post('/api/responses')
    .set('X-Device-ID', deviceId)
    .send({ content, questionId: q.id });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  await t.settled();
  return { questionId: q.id, responseId: res.body.id as string };
};
