import { use, type ComponentType } from 'react';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any props, as React.lazy itself takes
type PageModule<P = any> = { default: ComponentType<P> };

/**
 * A route's page, split into its own chunk. preload() fetches it ahead of time; once it has
 * arrived the page renders at once, never its loading fallback first, so a prerendered page is
 * hydrated as it stands. Unlike React.lazy, a chunk that failed to arrive (offline, a deploy
 * that removed it) is not remembered as failed: the error reaches the route's error page, and
 * rendering the page again (its Retry) fetches the chunk afresh.
 */
export const lazyPage = <M extends PageModule>(load: () => Promise<M>) => {
  let loaded: M | null = null;
  let loading: Promise<M> | null = null;
  const preload = () =>
    (loading ??= load().then(
      (module) => {
        loaded = module;
        return module;
      },
      (error: unknown) => {
        loading = null;
        throw error;
      },
    ));
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the page's own props
  const Page = (props: any) => {
    const Component = (loaded ?? use(preload())).default;
    return <Component {...props} />;
  };
  return { Page, preload };
};

export type RouteHandle = { title?: string; preload?: () => Promise<unknown> };
