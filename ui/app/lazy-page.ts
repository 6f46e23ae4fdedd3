import { lazyComponent } from '../lib/lazy-component';

/** A route's page in its own chunk (see lazyComponent), fetched ahead with preload(). */
export const lazyPage = lazyComponent;

export type RouteHandle = { title?: string; preload?: () => Promise<unknown> };
