import { use, type ComponentProps, type ComponentType } from 'react';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any props, as React.lazy itself takes
type PageModule<P = any> = { default: ComponentType<P> };

/** Code that failed to arrive: forgotten on a retry, so it is fetched afresh. */
const failed = new Set<() => void>();

/** Before rendering a route again after 'Can't reach Boon': try the failed chunks once more. */
export const forgetFailedLoads = () => {
  for (const forget of failed) forget();
  failed.clear();
};

/**
 * A component split into its own chunk (a route's page, a dialog, a chart), rendered under
 * Suspense. preload() fetches it ahead of time; once it has arrived it renders at once, never
 * its loading fallback first, so a prerendered page is hydrated as it stands.
 *
 * A chunk that failed to arrive (offline, a deploy that removed it) while being rendered stays
 * failed, so the error reaches the route's error page rather than being asked for over and
 * over; unlike React.lazy, which keeps the failure for good, forgetFailedLoads() (the error
 * page's Retry) lets it be fetched afresh. A failed preload() is only a missed head start: the
 * next preload or render asks again.
 */
export const lazyComponent = <M extends PageModule>(load: () => Promise<M>) => {
  let loaded: M | null = null;
  /** The fetch under way or done; dropped when it fails. */
  let loading: Promise<M> | null = null;
  /** What a render waits for; kept when it fails, until forgotten. */
  let rendering: Promise<M> | null = null;
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
  const forRender = () =>
    (rendering ??= preload().catch((error: unknown) => {
      failed.add(() => {
        rendering = null;
      });
      throw error;
    }));
  const Lazy = (props: ComponentProps<M['default']>) => {
    const Component = (loaded ?? use(forRender())).default;
    return <Component {...props} />;
  };
  return { Component: Lazy, preload };
};
