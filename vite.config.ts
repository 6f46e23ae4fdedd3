import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, defineConfig, type Plugin } from 'vite';

const uiDir = resolve(import.meta.dirname, 'ui');
const outDir = resolve(import.meta.dirname, 'dist/ui');
/**
 * The app's server-side render (ui/prerender.tsx, every package bundled in) and the templates of
 * the pages it renders per request: beside the UI, not in it (nothing here is for browsers).
 */
const renderDir = resolve(import.meta.dirname, 'dist/ui-render');
/** Where a per-request render puts the page's markup (api/http/page-render.ts). */
const ROOT_MARKER = '<!--boon-root-->';

// The web fonts are not preloaded: on a slow phone their 100 KB took the bandwidth the stylesheet
// and the page's code needed, and the text's largest paint waited for them. With
// `font-display: swap` the text paints at once in the fallback face (Lighthouse, `/`, back to
// back: LCP 2.6 → 2.3 s, no layout shift measured).

/**
 * A prerendered page paints from its HTML and stylesheet alone; its code only adopts it. Asked
 * for at low priority, the code leaves the slow line to the stylesheet and the fonts first
 * (Lighthouse, which counts every high-priority script as holding up the first paint:
 * `/about` FCP 2.6 → 1.0 s). The shell's code is what paints it, and keeps its priority.
 */
const paintFirst = (html: string) =>
  html.replace(
    /<(script type="module"|link rel="modulepreload") crossorigin/g,
    '<$1 fetchpriority="low" crossorigin',
  );

type PrerenderModule = {
  prerendered: { path: string; route?: string; file: string; module: string }[];
  renderRoot: (page: PrerenderModule['prerendered'][number] | null) => Promise<string> | string;
  titleFor: (path: string) => string | undefined;
  firstDataOf: (path: string) => unknown[];
};

/** The addresses a route matches, as a RegExp source (':param' is one path segment). */
const patternOf = (route: string) =>
  `^${route.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[a-zA-Z]+/g, '[^/]+')}$`;

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * After the client build: renders ui/prerender.tsx on the server side of Vite and writes
 * the pages that need no data to dist/ui/prerendered/<page>.html (each with its title and
 * its code preloaded), and the app shell into dist/ui/index.html. Something paints before
 * any JavaScript arrives; the API serves these files (api/http/ui-files.ts).
 */
const prerender = (): Plugin => {
  const chunksOf = new Map<string, string[]>();
  return {
    name: 'boon-prerender',
    apply: (config, env) => env.command === 'build' && !config.build?.ssr,
    writeBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || !chunk.facadeModuleId) continue;
        const module = chunk.facadeModuleId.slice(uiDir.length + 1);
        chunksOf.set(module, [chunk.fileName, ...chunk.imports]);
      }
    },
    async closeBundle() {
      await build({
        configFile: false,
        root: uiDir,
        // Its pages are imported statically on purpose; the notes about that are noise here.
        logLevel: 'error',
        plugins: [react()],
        publicDir: false,
        // React's production build whatever the server's NODE_ENV (tests run it under 'test').
        define: { 'process.env.NODE_ENV': JSON.stringify('production') },
        // Every package inside: the server loads this file where only its own packages are.
        ssr: { noExternal: true },
        build: {
          ssr: 'prerender.tsx',
          outDir: renderDir,
          emptyOutDir: true,
          // One file, its modules in import order: the storage stand-in runs before any reader.
          rolldownOptions: { output: { codeSplitting: false } },
        },
      });
      const entry = pathToFileURL(join(renderDir, 'prerender.js')).href;
      const { prerendered, renderRoot, titleFor, firstDataOf } = (await import(
        entry
      )) as PrerenderModule;
      const template = readFileSync(join(outDir, 'index.html'), 'utf8');
      const withRoot = (html: string, markup: string, marker = '') =>
        html.replace('<div id="root"></div>', `<div id="root"${marker}>${markup}</div>`);
      mkdirSync(join(outDir, 'prerendered'), { recursive: true });
      for (const page of prerendered) {
        const title = titleFor(page.path) ?? 'Community responses';
        const preloads = (chunksOf.get(page.module) ?? [])
          .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
          .join('');
        const pageHtml = (markup: string) =>
          withRoot(paintFirst(template), markup, ' data-prerendered')
            .replace('<title>Boon</title>', `<title>${escapeHtml(`${title} · Boon`)}</title>`)
            .replace('</head>', `${paintFirst(preloads)}</head>`);
        writeFileSync(
          join(outDir, 'prerendered', `${page.file}.html`),
          pageHtml(await renderRoot(page)),
        );
        // A page with data anyone may see first is rendered again with it on each request
        // (api/http/page-render.ts), into this template; the file above answers meanwhile.
        if (firstDataOf(page.path).length > 0) {
          writeFileSync(join(renderDir, `${page.file}.html`), pageHtml(ROOT_MARKER));
        }
      }
      // Which file answers which address: read by the server (api/http/ui-files.ts).
      const routes = prerendered.map((page) => ({
        pattern: patternOf(page.route ?? page.path),
        file: `${page.file}.html`,
      }));
      writeFileSync(join(outDir, 'prerendered', 'routes.json'), JSON.stringify(routes, null, 2));
      writeFileSync(join(outDir, 'index.html'), withRoot(template, await renderRoot(null)));
    },
  };
};

/**
 * The shared contracts (domain/contracts) are declarations: constants, pure functions and
 * types (their zod schemas live apart, in domain/contracts/schemas, which the UI never loads).
 * Telling the bundler they have no side effects lets it drop what a page does not use.
 */
const hasSideEffects = (id: string) => !id.includes('/domain/contracts/');

export default defineConfig({
  root: 'ui',
  plugins: [react(), tailwindcss(), prerender()],
  build: {
    outDir: '../dist/ui',
    emptyOutDir: true,
    rolldownOptions: { treeshake: { moduleSideEffects: hasSideEffects } },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      '/healthz': 'http://localhost:3000',
      '/ws': { target: 'ws://localhost:3000', ws: true },
      '/mini-chat': { target: 'ws://localhost:3000', ws: true },
    },
  },
});
