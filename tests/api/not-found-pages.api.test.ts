import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../api/app';
import { startTestApp } from '../support/test-app';

/** A built UI in miniature that lists the addresses the app knows (known-routes.json). */
const page = (body: string) => `<!doctype html><html><head></head><body>${body}</body></html>`;

describe('an address the app does not know', () => {
  let uiDir: string;
  let testApp: Awaited<ReturnType<typeof startTestApp>>;
  let app: ReturnType<typeof createApp>;
  beforeAll(async () => {
    uiDir = mkdtempSync(join(tmpdir(), 'boon-ui-'));
    mkdirSync(join(uiDir, 'prerendered'));
    writeFileSync(join(uiDir, 'index.html'), page('shell'));
    writeFileSync(join(uiDir, 'prerendered', 'responses.html'), page('Responses, loading'));
    writeFileSync(join(uiDir, 'prerendered', 'not-found.html'), page('404 Page Not Found'));
    writeFileSync(
      join(uiDir, 'prerendered', 'routes.json'),
      JSON.stringify([{ pattern: '^/responses/[^/]+$', file: 'responses.html' }]),
    );
    writeFileSync(
      join(uiDir, 'prerendered', 'known-routes.json'),
      JSON.stringify({
        patterns: ['^/home$', '^/responses/[1-9]\\d{0,8}$', '^/question/[1-9]\\d{0,8}$'],
        notFound: 'not-found.html',
      }),
    );
    testApp = await startTestApp();
    app = createApp(testApp.ctx, { uiDir });
  });
  afterAll(async () => {
    await testApp.close();
    rmSync(uiDir, { recursive: true, force: true });
  });

  it('is answered 404 with the not-found page, compressed or not', async () => {
    for (const path of ['/no-such-page', '/responses/abc', '/responses/1/extra', '/home/x']) {
      for (const encoding of ['br', 'gzip', 'identity']) {
        const res = await request(app).get(path).set('Accept-Encoding', encoding);
        expect(res.status, `${path} ${encoding}`).toBe(404);
        expect(res.headers['content-type']).toMatch(/text\/html/);
        expect(res.text).toContain('404 Page Not Found');
      }
    }
    expect((await request(app).head('/no-such-page')).status).toBe(404);
  });

  it('keeps known addresses at 200, as the router matches them (any case, a trailing slash)', async () => {
    const today = await testApp.todaysQuestion();
    for (const path of ['/home', '/HOME', '/home/', `/responses/${today.id}`]) {
      const res = await request(app).get(path);
      expect(res.status, path).toBe(200);
      expect(res.text, path).not.toContain('404 Page Not Found');
    }
  });

  it('answers 404 for a discussion or question page of a question there is not', async () => {
    for (const path of ['/responses/987654', '/question/987654']) {
      const res = await request(app).get(path).set('Accept-Encoding', 'br');
      expect(res.status, path).toBe(404);
    }
  });

  it('leaves the API its own problem documents', async () => {
    const res = await request(app).get('/api/nothing-here');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/json/);
  });
});
