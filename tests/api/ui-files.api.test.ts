import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../api/app';
import { startTestApp } from '../support/test-app';

/** A built UI in miniature: the shell, one prerendered page, a hashed asset, public files. */
const shell =
  '<!doctype html><html><head><script>var theme=1</script></head><body>shell</body></html>';
const about = shell.replace('shell', 'About Boon, prerendered');
const responses = shell.replace('shell', 'Responses, loading');
const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;

describe('serving the built UI', () => {
  let uiDir: string;
  let testApp: Awaited<ReturnType<typeof startTestApp>>;
  let app: ReturnType<typeof createApp>;
  beforeAll(async () => {
    uiDir = mkdtempSync(join(tmpdir(), 'boon-ui-'));
    mkdirSync(join(uiDir, 'assets'));
    mkdirSync(join(uiDir, 'prerendered'));
    writeFileSync(join(uiDir, 'index.html'), shell);
    writeFileSync(join(uiDir, 'prerendered', 'about.html'), about);
    writeFileSync(join(uiDir, 'prerendered', 'responses.html'), responses);
    writeFileSync(
      join(uiDir, 'prerendered', 'routes.json'),
      JSON.stringify([
        { pattern: '^/about$', file: 'about.html' },
        { pattern: '^/responses/[^/]+$', file: 'responses.html' },
        { pattern: '^/secret$', file: '../../package.json' },
      ]),
    );
    writeFileSync(join(uiDir, 'assets', 'index-abc123.js'), script);
    writeFileSync(join(uiDir, 'robots.txt'), 'User-agent: *\nAllow: /\n');
    writeFileSync(join(uiDir, 'sw.js'), script);
    writeFileSync(join(uiDir, 'manifest.webmanifest'), '{"name":"Boon"}');
    writeFileSync(join(uiDir, 'icon.png'), Buffer.from([137, 80, 78, 71]));
    testApp = await startTestApp();
    app = createApp(testApp.ctx, { uiDir });
  });
  afterAll(async () => {
    await testApp.close();
    rmSync(uiDir, { recursive: true, force: true });
  });

  it('compresses scripts with Brotli or gzip as the client accepts, cached for a year', async () => {
    // supertest undoes the encoding: the text is the script, the length is what travelled.
    const br = await request(app).get('/assets/index-abc123.js').set('Accept-Encoding', 'br, gzip');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/Accept-Encoding/);
    expect(br.text).toBe(script);
    expect(Number(br.headers['content-length'])).toBeLessThan(script.length / 10);

    const gzip = await request(app).get('/assets/index-abc123.js').set('Accept-Encoding', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.text).toBe(script);
  });

  it('serves the service worker uncached, compressed or not, under a policy that allows it', async () => {
    for (const encoding of ['br, gzip', 'identity']) {
      const res = await request(app).get('/sw.js').set('Accept-Encoding', encoding);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/javascript/);
      expect(res.headers['cache-control'], encoding).toBe('no-cache');
      expect(res.text).toBe(script);
    }
    const csp = (await request(app).get('/about')).headers['content-security-policy'] as string;
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
    // Any other file at the root keeps its hour.
    const robots = await request(app).get('/robots.txt');
    expect(robots.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('sends files plainly to a client that accepts no compression', async () => {
    const res = await request(app)
      .get('/assets/index-abc123.js')
      .set('Accept-Encoding', 'identity');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.text).toBe(script);
  });

  it('answers a route with its prerendered page, and any other route with the shell', async () => {
    const aboutPage = await request(app).get('/about');
    expect(aboutPage.status).toBe(200);
    expect(aboutPage.headers['content-type']).toMatch(/text\/html/);
    expect(aboutPage.headers['cache-control']).toBe('no-cache');
    expect(aboutPage.text).toContain('About Boon, prerendered');
    const plain = await request(app).get('/about').set('Accept-Encoding', 'identity');
    expect(plain.text).toContain('About Boon, prerendered');
    expect((await request(app).get('/responses/12')).text).toContain('Responses, loading');
    // The list names files in the prerendered folder only.
    expect((await request(app).get('/secret')).text).toContain('<body>shell</body>');
    for (const path of ['/home', '/responses/12/x', '/no/such/page', '/About']) {
      const res = await request(app).get(path);
      expect(res.status, path).toBe(200);
      expect(res.text, path).toContain('<body>shell</body>');
    }
  });

  it('serves robots.txt as text and the manifest with its own type', async () => {
    const robots = await request(app).get('/robots.txt');
    expect(robots.headers['content-type']).toMatch(/^text\/plain/);
    expect(robots.text).toMatch(/^User-agent/);
    const manifest = await request(app).get('/manifest.webmanifest');
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    const icon = await request(app).get('/icon.png');
    expect(icon.headers['content-type']).toBe('image/png');
    expect(icon.headers['content-encoding']).toBeUndefined();
  });

  it('never serves a file from outside the UI folder', async () => {
    for (const path of [
      '/../package.json',
      '/%2e%2e/package.json',
      '/assets/%2e%2e%2f%2e%2e%2fpackage.json',
    ]) {
      const res = await request(app).get(path).set('Accept-Encoding', 'br');
      expect(res.text, path).not.toContain('"name": "boon"');
    }
    const malformed = await request(app).get('/%E0%A4%A').set('Accept-Encoding', 'br');
    expect(malformed.status).toBeLessThan(500);
  });

  it('keeps the API out of it: unknown API routes are still problem documents', async () => {
    const res = await request(app).get('/api/nothing-here').set('Accept-Encoding', 'br');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/json/);
  });
});
