import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
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

const fontsMeta = (fonts: string[]) => `<meta name="boon-fonts" content="${fonts.join(' ')}">`;

/**
 * A prerendered page paints from its HTML and stylesheet alone; its code only adopts it. So its
 * code is not in its markup: the page's loader (ui/index.html) asks for it once the page has
 * painted, with the web fonts, from the names this leaves in the head. Nothing but the HTML and
 * the stylesheet then holds up the first paint or shares the line with them (Lighthouse counts
 * every request that ends before the first paint as holding it up). The code is one module,
 * `start`, that imports the app and the page: the browser fetches everything they import by
 * itself, where thirty requests started from the loader's script were a long task of their own
 * on a slow phone.
 */
const paintFirst = (html: string, start: string, fonts: string[]) => {
  const entry = /<script type="module" crossorigin src="[^"]+"><\/script>/.exec(html);
  if (!entry) throw new Error('The page template has no module script');
  return html
    .replace(entry[0], '')
    .replace(/<link rel="modulepreload" crossorigin href="[^"]+">/g, '')
    .replace('</head>', `<meta name="boon-code" content="${start}">${fontsMeta(fonts)}</head>`);
};

/**
 * The module a prerendered page starts from: the app's entry, then the page's own chunk, then
 * every chunk those two import, however deep. Named here, they are all asked for at once, not a
 * round trip after the chunk that imports them; the order they run in is the imports' own (each
 * runs once, after what it imports, and the entry and the page come first).
 */
const startModule = (entry: string, page: string, importsOf: Map<string, string[]>) => {
  const files = [entry.replace(/^\//, ''), page];
  for (let i = 0; i < files.length; i++) {
    for (const imported of importsOf.get(files[i]!) ?? []) {
      if (!files.includes(imported)) files.push(imported);
    }
  }
  const source = files.map((file) => `import '/${file}';\n`).join('');
  const hash = createHash('sha256').update(source).digest('base64url').slice(0, 8);
  return { file: `assets/start-${hash}.js`, source };
};

type PrerenderModule = {
  prerendered: { path: string; route?: string; file: string; module: string }[];
  notFoundPage: { path: string; file: string };
  knownRoutePatterns: () => string[];
  renderRoot: (page: { path: string } | null) => Promise<string> | string;
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
 * the pages that need no data to dist/ui/prerendered/<page>.html (each with its title, and
 * its code asked for once it has painted), and the app shell into dist/ui/index.html. Something paints before
 * any JavaScript arrives; the API serves these files (api/http/ui-files.ts).
 */
const prerender = (): Plugin => {
  /** Each page module's chunk. */
  const chunkOf = new Map<string, string>();
  /** What each chunk imports (statically). */
  const importsOf = new Map<string, string[]>();
  /** The web fonts' style sheet (ui/lib/web-fonts.ts imports it). */
  let fonts: string[] = [];
  return {
    name: 'boon-prerender',
    apply: (config, env) => env.command === 'build' && !config.build?.ssr,
    // The pages, the server's render templates and the service worker are written beside the
    // client build in dist/ (the server reads them there). A build elsewhere (`--outDir`) would
    // read dist/ui's finished index.html as its template and overwrite dist's pages with pages
    // the server cannot render into: refused rather than done.
    configResolved(config) {
      const target = resolve(config.root, config.build.outDir);
      if (target !== outDir) {
        throw new Error(`The UI builds into ${outDir} only (asked for ${target}): drop --outDir`);
      }
    },
    writeBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        // ui/lib/web-fonts.ts holds nothing but the style sheet, so only the sheet is left of it.
        if (chunk.type === 'asset' && chunk.names.some((name) => name === 'web-fonts.css')) {
          fonts = [`/${chunk.fileName}`];
        }
        if (chunk.type !== 'chunk') continue;
        importsOf.set(chunk.fileName, chunk.imports);
        if (!chunk.facadeModuleId) continue;
        const module = chunk.facadeModuleId.slice(uiDir.length + 1);
        chunkOf.set(module, chunk.fileName);
      }
    },
    async closeBundle() {
      if (fonts.length === 0) throw new Error("The web fonts' style sheet was not built");
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
      const { prerendered, notFoundPage, knownRoutePatterns, renderRoot, titleFor, firstDataOf } =
        (await import(entry)) as PrerenderModule;
      const template = readFileSync(join(outDir, 'index.html'), 'utf8');
      const appEntry = /<script type="module" crossorigin src="([^"]+)">/.exec(template)?.[1];
      if (!appEntry) throw new Error("The app's entry is not in index.html");
      const withRoot = (html: string, markup: string, marker = '') => {
        if (!html.includes('<div id="root"></div>')) {
          throw new Error('index.html has no empty root to render into (a build of a build?)');
        }
        return html.replace('<div id="root"></div>', `<div id="root"${marker}>${markup}</div>`);
      };
      mkdirSync(join(outDir, 'prerendered'), { recursive: true });
      for (const page of prerendered) {
        const title = titleFor(page.path) ?? 'Community responses';
        const pageChunk = chunkOf.get(page.module);
        if (!pageChunk) throw new Error(`No chunk was built for ${page.module}`);
        const start = startModule(appEntry, pageChunk, importsOf);
        writeFileSync(join(outDir, start.file), start.source);
        const pageHtml = (markup: string) =>
          withRoot(
            paintFirst(template, `/${start.file}`, fonts),
            markup,
            ' data-prerendered',
          ).replace('<title>Boon</title>', `<title>${escapeHtml(`${title} · Boon`)}</title>`);
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
      // Every address the app knows; any other is answered 404 with the not-found page.
      writeFileSync(
        join(outDir, 'prerendered', 'known-routes.json'),
        JSON.stringify({ patterns: knownRoutePatterns(), notFound: `${notFoundPage.file}.html` }),
      );
      // The shell is painted by its code, which it keeps; its fonts still wait for that paint.
      const shell = template.replace('</head>', `${fontsMeta(fonts)}</head>`);
      writeFileSync(join(outDir, 'index.html'), withRoot(shell, await renderRoot(null)));
      // The page unknown addresses are answered with (404): drawn as the app draws it there, but
      // like the shell, drawn over by the app rather than adopted (an unknown address may sit
      // under a known route, /responses/abc, whose tree differs from the not-found route's).
      writeFileSync(
        join(outDir, 'prerendered', `${notFoundPage.file}.html`),
        withRoot(shell, await renderRoot(notFoundPage)).replace(
          '<title>Boon</title>',
          `<title>${escapeHtml(`${titleFor(notFoundPage.path) ?? 'Page not found'} · Boon`)}</title>`,
        ),
      );
      await buildServiceWorker(routes);
    },
  };
};

/**
 * What the service worker precaches (ui/sw/app-shell.ts): every script and style sheet (a page,
 * a dialog or a chart opened offline needs its code), the pages and the shell, the fonts' Latin
 * faces (what English text is drawn in), the manifest and the icon a page shows. A hashed file's
 * name is its revision; any other gets its content's hash, so a changed page is fetched again.
 */
const PRECACHED =
  /^(assets\/.+\.(js|css)|assets\/.+-latin-wght-normal-.+\.woff2|index\.html|prerendered\/.+\.html|manifest\.webmanifest|favicon\.svg|icons\/icon-192\.png)$/;

const filesIn = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesIn(join(dir, entry.name)) : [join(dir, entry.name)],
  );

const precacheEntries = () =>
  filesIn(outDir)
    .map((file) => relative(outDir, file).split('\\').join('/'))
    .filter((file) => PRECACHED.test(file))
    .sort()
    .map((file) => ({
      url: `/${file}`,
      revision: file.startsWith('assets/')
        ? null
        : createHash('sha256')
            .update(readFileSync(join(outDir, file)))
            .digest('hex')
            .slice(0, 16),
    }));

/**
 * The service worker (ui/sw/service-worker.ts, Workbox), built once the pages are written: one
 * classic script, `sw.js` at the root (its scope is the whole app), with this build's precache
 * list and the prerendered pages' addresses written into it. Served uncached
 * (api/http/ui-files.ts), so a new build's worker is found on the next visit.
 */
const buildServiceWorker = async (pages: { pattern: string; file: string }[]) => {
  await build({
    configFile: false,
    root: uiDir,
    logLevel: 'error',
    publicDir: false,
    define: {
      // Workbox's production build: no development logging.
      'process.env.NODE_ENV': JSON.stringify('production'),
      __BOON_PRECACHE__: JSON.stringify(precacheEntries()),
      __BOON_PAGES__: JSON.stringify(pages),
    },
    build: {
      outDir,
      emptyOutDir: false,
      copyPublicDir: false,
      rolldownOptions: {
        input: join(uiDir, 'sw', 'service-worker.ts'),
        output: { entryFileNames: 'sw.js', format: 'iife', codeSplitting: false },
      },
    },
  });
};

/**
 * The shared contracts (domain/contracts) are declarations: constants, pure functions and
 * types (their zod schemas live apart, in domain/contracts/schemas, which the UI never loads).
 * Telling the bundler they have no side effects lets it drop what a page does not use.
 */
const hasSideEffects = (id: string) => !id.includes('/domain/contracts/');

/**
 * Every module the entry imports statically (React, the router, TanStack Query, the layout and
 * what it needs) rides in the entry's own chunk: every page loads all of them before anything
 * else. Left to itself the bundler cut them into a dozen chunks shared with the pages' own, each
 * compressed on its own and asked for on its own (a discussion's first visit: 3.7 KB gzip more).
 */
const entryInOneChunk = { groups: [{ name: 'index', tags: ['$initial' as const] }] };

export default defineConfig({
  root: 'ui',
  plugins: [react(), tailwindcss(), prerender()],
  build: {
    outDir: '../dist/ui',
    emptyOutDir: true,
    rolldownOptions: {
      treeshake: { moduleSideEffects: hasSideEffects },
      output: { codeSplitting: entryInOneChunk },
    },
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
