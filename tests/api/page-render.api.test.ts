import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../api/app';
import { jsonInHtml } from '../../api/http/page-render';
import { startTestApp } from '../support/test-app';

/**
 * A built UI in miniature, with its server-side render (dist/ui-render): a render module that
 * draws a question's words, as ui/prerender.tsx does with the app's own routes.
 */
const WORDS = 'Is it fair that </script><script>alert(1)</script> & <b>others</b> pay?';
const template = (name: string) =>
  `<!doctype html><html><head><script>var early = 1</script><title>${name}</title></head><body><div id="root" data-prerendered><!--boon-root--></div></body></html>`;
const renderModule = `
const escape = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
export const firstDataOf = (path) => {
  if (path === '/home') return [{ key: ['question', 'today'], api: '/api/question/today' }];
  const discussion = /^\\/responses\\/([1-9]\\d{0,8})$/.exec(path);
  return discussion ? [{ key: ['question', Number(discussion[1])], api: '/api/question/' + discussion[1] }] : [];
};
export const renderPage = async (path, firstData) => {
  if (globalThis.boonRenderFails) throw new Error('render failed');
  return '<h1>' + escape(firstData[0].data.content) + '</h1>';
};
`;

const firstDataIn = (html: string): unknown =>
  JSON.parse(
    /<script type="application\/json" id="boon-first-data"[^>]*>(.*?)<\/script>/s.exec(html)![1]!,
  );

describe('pages rendered with the data anyone may see first', () => {
  let dir: string;
  let testApp: Awaited<ReturnType<typeof startTestApp>>;
  let app: ReturnType<typeof createApp>;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'boon-page-render-'));
    const uiDir = join(dir, 'ui');
    mkdirSync(join(uiDir, 'prerendered'), { recursive: true });
    mkdirSync(join(dir, 'ui-render'));
    writeFileSync(join(uiDir, 'index.html'), '<!doctype html><body>shell</body>');
    for (const [file, text] of [
      ['home', 'Home, loading'],
      ['responses', 'Responses, loading'],
      ['about', 'About Boon'],
    ]) {
      writeFileSync(join(uiDir, 'prerendered', `${file}.html`), `<body>${text}</body>`);
    }
    writeFileSync(
      join(uiDir, 'prerendered', 'routes.json'),
      JSON.stringify([
        { pattern: '^/home$', file: 'home.html' },
        { pattern: '^/responses/[^/]+$', file: 'responses.html' },
        { pattern: '^/about$', file: 'about.html' },
      ]),
    );
    writeFileSync(join(dir, 'ui-render', 'prerender.js'), renderModule);
    writeFileSync(join(dir, 'ui-render', 'home.html'), template('Home'));
    writeFileSync(join(dir, 'ui-render', 'responses.html'), template('Responses'));
    testApp = await startTestApp({
      bank: [
        { id: 7, content: WORDS, category: 'Community & Society', resources: [] },
        { id: 8, content: `${WORDS} Today too?`, category: 'Community & Society', resources: [] },
      ],
    });
    app = createApp(testApp.ctx, { uiDir });
  });
  afterAll(async () => {
    await testApp.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("renders today's question into /home, with the data the browser's cache starts from", async () => {
    const today = await request(app).get('/api/question/today');
    expect(today.status).toBe(200);
    const page = await request(app).get('/home').set('Accept-Encoding', 'br, gzip');
    expect(page.status).toBe(200);
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.text).toContain(
      '<h1>Is it fair that &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;b&gt;others&lt;/b&gt; pay?',
    );
    expect(firstDataIn(page.text)).toEqual([{ key: ['question', 'today'], data: today.body }]);
    // Before the page's inline script, which leaves out of its early requests what is here.
    expect(page.text).toMatch(
      /^<!doctype html><html><head><script type="application\/json" id="boon-first-data" data-api="\/api\/question\/today">/,
    );
    // A person's words cannot close the data's element or open another.
    expect(page.text).not.toContain('<script>alert(1)');
    expect(page.text.match(/<\/script>/g)).toHaveLength(2);
  });

  it("renders a discussion's question, and answers 404 with the loading state for a question there is not", async () => {
    // Only questions that have been a day's are in the read model: today's is the one.
    const { id } = (await request(app).get('/api/question/today')).body as { id: number };
    const page = await request(app).get(`/responses/${id}`);
    expect(page.text).toContain('<h1>Is it fair that &lt;/script&gt;');
    expect(firstDataIn(page.text)).toMatchObject([{ key: ['question', id], data: { id } }]);
    // The app then says 'Question not found' over it.
    const missing = await request(app).get('/responses/999');
    expect(missing.status).toBe(404);
    expect(missing.text).toBe('<body>Responses, loading</body>');
    // A page with no data to render with is served as it was built.
    expect((await request(app).get('/about')).text).toBe('<body>About Boon</body>');
  });

  it('serves the loading state when the render fails', async () => {
    (globalThis as { boonRenderFails?: boolean }).boonRenderFails = true;
    try {
      const { id } = (await request(app).get('/api/question/today')).body as { id: number };
      const page = await request(app).get(`/responses/${id}?again`);
      expect(page.status).toBe(200);
      // The page kept from the first render still answers; a new address gets the loading state.
      expect(page.text).toContain('<h1>Is it fair that');
      await testApp.newDay(new Date('2026-11-23T08:00:00Z'));
      const home = await request(app).get('/home');
      expect(home.status).toBe(200);
      expect(home.text).toBe('<body>Home, loading</body>');
    } finally {
      delete (globalThis as { boonRenderFails?: boolean }).boonRenderFails;
    }
  });

  it('writes JSON that no HTML parser reads as markup', () => {
    const json = jsonInHtml({ text: '</script><!-- & \u2028' });
    expect(json).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(json)).toEqual({ text: '</script><!-- & \u2028' });
  });
});
