import { existsSync, readFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Logger } from '../../infra/logger';

type QueryKey = readonly unknown[];
type FirstDatum = { key: QueryKey; data: unknown };

/** What the UI's server-side render (ui/prerender.tsx, built into dist/ui-render) offers. */
type RenderModule = {
  firstDataOf: (path: string) => { key: QueryKey; api: string }[];
  renderPage: (path: string, firstData: FirstDatum[]) => Promise<string>;
};

/** The answer the API gives anyone for one of its GET paths, or null when it has none. */
export type FirstDataSource = (apiPath: string) => Promise<unknown>;

/** Where the build leaves a page's markup in its template (vite.config.ts). */
const ROOT_MARKER = '<div id="root" data-prerendered><!--boon-root-->';
/** The id of the data the page was rendered with; the app's cache starts from it (ui/main.tsx). */
export const FIRST_DATA_ID = 'boon-first-data';
/** Pages kept rendered: each is the same for every visitor until its data changes. */
const KEPT = 64;

/**
 * JSON inside a <script> element: nothing in it can close the element or start markup
 * (a question's text is a person's words).
 */
export const jsonInHtml = (value: unknown): string =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** A rendered page: `key` names it among the pages kept (its address and its data). */
export type RenderedPage = { key: string; html: string };

/**
 * Renders the pages that show data anyone may see first (today's question on /home, the
 * question of a discussion) with that data, per request: the page's largest text is in its
 * HTML and paints at once, and the browser's first render, starting from the same data (its
 * JSON rides along), adopts the HTML as it stands. Without the build's render folder, for any
 * other page, or when the data is missing, it answers null: the prerendered loading state is
 * served as before. A page is rendered once per address and data, then kept.
 */
export const pageRenderer = (uiDir: string, source: FirstDataSource, logger: Logger) => {
  const renderDir = resolve(uiDir, '..', 'ui-render');
  const bundle = join(renderDir, 'prerender.js');
  if (!existsSync(bundle)) return null;
  let module: Promise<RenderModule> | undefined;
  const templates = new Map<string, string | null>();
  const kept = new Map<string, string>();
  const templateOf = (pageFile: string) => {
    const name = basename(pageFile);
    if (!templates.has(name)) {
      const file = join(renderDir, name);
      templates.set(name, existsSync(file) ? readFileSync(file, 'utf8') : null);
    }
    return templates.get(name)!;
  };
  return async (path: string, pageFile: string): Promise<RenderedPage | null> => {
    const template = templateOf(pageFile);
    if (!template?.includes(ROOT_MARKER) || !template.includes('<head>')) return null;
    try {
      const render = await (module ??= import(pathToFileURL(bundle).href) as Promise<RenderModule>);
      const wanted = render.firstDataOf(path);
      if (wanted.length === 0) return null;
      const firstData = await Promise.all(
        wanted.map(async ({ key, api }) => ({ key, data: await source(api) })),
      );
      if (firstData.some(({ data }) => data === null || data === undefined)) return null;
      const json = jsonInHtml(firstData);
      const key = `${path}\n${json}`;
      let html = kept.get(key);
      if (!html) {
        const markup = await render.renderPage(path, firstData);
        // In the head, before the inline script, which then does not ask for these again.
        const apis = wanted.map(({ api }) => api).join(' ');
        const data = `<script type="application/json" id="${FIRST_DATA_ID}" data-api="${apis}">${json}</script>`;
        html = template
          .replace('<head>', () => `<head>${data}`)
          .replace(ROOT_MARKER, () => ROOT_MARKER.replace('<!--boon-root-->', markup));
        if (kept.size >= KEPT) kept.delete(kept.keys().next().value!);
        kept.set(key, html);
      }
      return { key, html };
    } catch (error) {
      // The loading state still serves the page; the render's fault is logged, not the visitor's.
      logger.error({ err: error, path }, 'page render failed');
      return null;
    }
  };
};

export type PageRenderer = NonNullable<ReturnType<typeof pageRenderer>>;
