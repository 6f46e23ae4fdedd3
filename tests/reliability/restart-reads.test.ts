import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';
import { LOG_FILE } from '../../api/stores';
import { openSqlite } from '../../infra/sqlite';
import { writeSyntheticLog } from '../bench/synthetic-log';
import { startTestApp, testBank, words } from '../support/test-app';

const dataDir = mkdtempSync(join(tmpdir(), 'boon-restart-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

// Twelve days of a community of 1,000 (2026-01-01 to 01-12, questions 1–12); the app starts
// later, with a bank question of its own.
const shape = {
  days: 12,
  people: 1_000,
  answersPerDay: 200,
  echoesPerAnswer: 1.25,
  repliesPerAnswer: 0.2,
};
const files = { dataDir, keyEncryptionKey: randomBytes(32) };
const options = {
  files,
  now: new Date('2026-01-21T15:00:00Z'),
  bank: testBank.map((question) => ({ ...question, id: question.id + 1000 })),
};

describe('a restart on a long history', () => {
  it('serves a person’s first requests by reading what they ask for, never whole collections', async () => {
    const db = openSqlite(join(dataDir, LOG_FILE));
    const written = writeSyntheticLog(db, shape);
    db.close();
    const first = await startTestApp(options);
    // The first start builds every read model from the log (not measured here).
    await first.settled(240_000);
    const stored = (
      await Promise.all(
        ['responses', 'echo_status', 'replies', 'devices', 'streak_days'].map((name) =>
          first.readModels.collection(name).count(),
        ),
      )
    ).reduce((sum, n) => sum + n, 0);
    await first.close();

    const app = await startTestApp(options);
    try {
      const before = app.readStore.counter!.documentsRead;
      const deviceId = randomBytes(16).toString('base64url');
      const offers = await request(app.app)
        .post('/api/user/generate-pseudonyms')
        .set('X-Device-ID', deviceId);
      expect(offers.status).toBe(200);
      const setup = await request(app.app)
        .post('/api/user/setup')
        .set('X-Device-ID', deviceId)
        .send({ pseudonym: offers.body.pseudonyms[0], privacyConsent: true, termsConsent: true });
      expect(setup.status).toBe(201);
      const today = await request(app.app).get('/api/question/today');
      expect(today.status).toBe(200);
      const answer = await request(app.app)
        .post('/api/responses')
        .set('X-Device-ID', deviceId)
        .send({ content: words(12), questionId: today.body.id });
      expect(answer.status).toBe(201);
      const reader = (path: string) =>
        request(app.app)
          .get(path)
          .set('X-Device-ID', deviceId)
          .set('X-Min-Position', answer.body.position);
      for (const path of [
        `/api/responses/${today.body.id}`,
        // A past question's answers: 200 of them, open to whoever answered today.
        '/api/responses/12',
        '/api/user/profile',
        '/api/user/streak',
        '/api/user/badges',
        '/api/archive/questions',
      ]) {
        expect((await reader(path)).status, path).toBe(200);
      }
      const read = app.readStore.counter!.documentsRead - before;
      expect(written).toBeGreaterThan(7_000);
      expect(stored).toBeGreaterThan(5_000);
      // A page of answers, the person's own documents, the questions: not the collections.
      expect(read).toBeLessThan(400);
    } finally {
      await app.close();
    }
  }, 300_000);
});
