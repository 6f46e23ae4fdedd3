import { lazy, type ComponentType } from 'react';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any props, as React.lazy itself takes
type PageModule<P = any> = { default: ComponentType<P> };

/**
 * A route's page, split into its own chunk. preload() fetches it ahead of time; once it
 * has arrived, the page renders at once instead of showing its loading fallback first
 * (a resolved thenable lets React.lazy skip the suspension), so the first render of a
 * prerendered page replaces it without a flash.
 */
export const lazyPage = <M extends PageModule>(load: () => Promise<M>) => {
  let loaded: M | null = null;
  let loading: Promise<M> | null = null;
  const preload = () =>
    (loading ??= load().then((module) => {
      loaded = module;
      return module;
    }));
  const Page = lazy(() => {
    const ready = loaded;
    if (!ready) return preload();
    const resolved = { then: (onFulfilled: (value: M) => unknown) => onFulfilled(ready) };
    return resolved as unknown as Promise<M>;
  });
  return { Page, preload };
};

export type RouteHandle = { title?: string; preload?: () => Promise<unknown> };
