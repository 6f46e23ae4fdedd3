import type { Express } from 'express';

export type AppRoute = { method: string; path: string };

type Layer = {
  rawPath?: unknown;
  route?: { path: string; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
};

/**
 * Every route the Express app serves, read from its router, so a route added tomorrow is
 * covered by whatever walks this list without anyone updating it.
 */
export const listRoutes = (app: Express): AppRoute[] => {
  const walk = (stack: Layer[], prefix: string): AppRoute[] =>
    stack.flatMap((layer) => {
      if (layer.route) {
        const path = `${prefix}${layer.route.path}`;
        return Object.keys(layer.route.methods).map((method) => ({ method, path }));
      }
      if (!layer.handle?.stack) return [];
      const mount = typeof layer.rawPath === 'string' && layer.rawPath !== '/' ? layer.rawPath : '';
      return walk(layer.handle.stack, `${prefix}${mount}`);
    });
  return walk((app as unknown as { router: { stack: Layer[] } }).router.stack, '');
};
