import type { RequestHandler } from 'express';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, resolve, sep } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { PageRenderer } from './page-render';

const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.svg', '.txt', '.json', '.webmanifest']);
/** Files whose names carry their content hash never change: cache them for a year. */
const IMMUTABLE = /^\/assets\//;

/**
 * The service worker's script is always asked for afresh: a browser that kept it for an hour
 * would keep the old version of the app, and its precache, for that hour.
 */
export const SERVICE_WORKER = '/sw.js';

/** How long a browser may keep a built file of the UI, by its address. */
export const uiCacheControl = (path: string) =>
  path === SERVICE_WORKER
    ? 'no-cache'
    : IMMUTABLE.test(path)
      ? 'public, max-age=31536000, immutable'
      : 'public, max-age=3600';

type PrerenderedRoute = { pattern: RegExp; file: string };
const prerenderedRoutes = new Map<string, PrerenderedRoute[]>();

/** The build's list of prerendered pages (ui/prerendered/routes.json), read once per folder. */
const routesOf = (uiDir: string): PrerenderedRoute[] => {
  let routes = prerenderedRoutes.get(uiDir);
  if (!routes) {
    const manifest = resolve(uiDir, 'prerendered', 'routes.json');
    const listed = existsSync(manifest)
      ? (JSON.parse(readFileSync(manifest, 'utf8')) as { pattern: string; file: string }[])
      : [];
    routes = listed
      .filter((route) => /^[a-z0-9-]+\.html$/.test(route.file))
      .map((route) => ({ pattern: new RegExp(route.pattern), file: route.file }));
    prerenderedRoutes.set(uiDir, routes);
  }
  return routes;
};

type KnownRoutes = { patterns: RegExp[]; notFound: string };
const knownRoutes = new Map<string, KnownRoutes | null>();

/**
 * Every address the app knows and the page any other is answered with (the build's
 * ui/prerendered/known-routes.json), read once per folder; null for a build without it.
 */
const knownRoutesOf = (uiDir: string): KnownRoutes | null => {
  if (!knownRoutes.has(uiDir)) {
    const manifest = resolve(uiDir, 'prerendered', 'known-routes.json');
    const listed = existsSync(manifest)
      ? (JSON.parse(readFileSync(manifest, 'utf8')) as { patterns: string[]; notFound: string })
      : null;
    knownRoutes.set(
      uiDir,
      listed && /^[a-z0-9-]+\.html$/.test(listed.notFound)
        ? {
            // The app's router matches without regard to case or a trailing slash.
            patterns: listed.patterns.map((pattern) => new RegExp(pattern, 'i')),
            notFound: listed.notFound,
          }
        : null,
    );
  }
  return knownRoutes.get(uiDir)!;
};

/** A page's file and the status it is answered with. */
export type UiPage = { file: string; status: 200 | 404 };

/**
 * The page a client route starts from: the page prerendered for it at build time when there
 * is one (/about, /home, /responses/12), else the app shell; an address the app does not know
 * is answered 404 with the not-found page (the app then draws the same page over it).
 */
export const uiPage = (uiDir: string, path: string): UiPage => {
  const root = resolve(uiDir);
  const known = knownRoutesOf(root);
  const route = path.length > 1 ? path.replace(/\/$/, '') : path;
  if (known && !known.patterns.some((pattern) => pattern.test(route))) {
    return { file: resolve(root, 'prerendered', known.notFound), status: 404 };
  }
  const page = routesOf(root).find((prerendered) => prerendered.pattern.test(path));
  return { file: resolve(root, page ? join('prerendered', page.file) : 'index.html'), status: 200 };
};

/** Whether a known address names nothing (a discussion of a question there is not). */
export type MissingPage = (path: string) => Promise<boolean>;

/** The page for `path`, answered 404 too when what it names does not exist. */
export const uiPageFor = async (uiDir: string, path: string, missing?: MissingPage) => {
  const page = uiPage(uiDir, path);
  return page.status === 200 && (await missing?.(path)) ? { ...page, status: 404 as const } : page;
};

type Compressed = { br: Buffer; gzip: Buffer };

/**
 * Serves the built UI's text files (and its pages) compressed with Brotli or gzip, as the
 * client accepts; each file is compressed once and kept in memory (a build does not change
 * under a running server). Anything else falls through to express.static and the shell route.
 */
export const compressedUi = (
  uiDir: string,
  render?: PageRenderer,
  missing?: MissingPage,
): RequestHandler => {
  const root = resolve(uiDir);
  const cache = new Map<string, Compressed>();
  const compress = (body: Buffer, quality = 11): Compressed => ({
    br: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: quality } }),
    gzip: gzipSync(body, { level: 9 }),
  });
  const compressed = (file: string): Compressed => {
    let entry = cache.get(file);
    if (!entry) {
      entry = compress(readFileSync(file));
      cache.set(file, entry);
    }
    return entry;
  };
  /**
   * Rendered pages, compressed once each (with a quicker Brotli: a new day's or a newly visited
   * discussion's page is compressed while its visitor waits).
   */
  const rendered = new Map<string, Compressed>();
  const compressedPage = async (path: string, file: string): Promise<Compressed> => {
    const page = render ? await render(path, file) : null;
    if (!page) return compressed(file);
    let entry = rendered.get(page.key);
    if (!entry) {
      entry = compress(Buffer.from(page.html), 5);
      if (rendered.size >= 64) rendered.delete(rendered.keys().next().value!);
      rendered.set(page.key, entry);
    }
    return entry;
  };
  return async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const encoding = req.acceptsEncodings('br', 'gzip');
    if (encoding !== 'br' && encoding !== 'gzip') return next();
    let path: string;
    try {
      path = decodeURIComponent(req.path);
    } catch {
      return next();
    }
    const extension = extname(path);
    const page = extension === '';
    const { file, status } = page
      ? await uiPageFor(root, path, missing)
      : { file: resolve(root, `.${path}`), status: 200 };
    if (!file.startsWith(root + sep) || !COMPRESSIBLE.has(extname(file))) return next();
    if (!page && !(existsSync(file) && statSync(file).isFile())) return next();
    const body = (page ? await compressedPage(path, file) : compressed(file))[encoding];
    res.status(status);
    res.type(extname(file));
    res.setHeader('Content-Encoding', encoding);
    res.setHeader('Vary', 'Accept-Encoding');
    res.setHeader('Cache-Control', page ? 'no-cache' : uiCacheControl(path));
    res.setHeader('Content-Length', body.length);
    res.end(req.method === 'HEAD' ? undefined : body);
  };
};
