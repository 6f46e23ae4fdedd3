import { lazy, type ComponentType } from 'react';

type PageModule = { default: ComponentType };

/**
 * A route's page, split into its own chunk. preload() fetches it ahead of time; once it
 * has arrived, the page renders at once instead of showing its loading fallback first
 * (a resolved thenable lets React.lazy skip the suspension), so the first render of a
 * prerendered page replaces it without a flash.
 */
export const lazyPage = (load: () => Promise<PageModule>) => {
  let loaded: PageModule | null = null;
  let loading: Promise<PageModule> | null = null;
  const preload = () =>
    (loading ??= load().then((module) => {
      loaded = module;
      return module;
    }));
  const Page = lazy(() => {
    const ready = loaded;
    if (!ready) return preload();
    const resolved = { then: (onFulfilled: (value: PageModule) => unknown) => onFulfilled(ready) };
    return resolved as unknown as Promise<PageModule>;
  });
  return { Page, preload };
};

export type RouteHandle = { title?: string; preload?: () => Promise<unknown> };
