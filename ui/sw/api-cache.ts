/// <reference lib="webworker" />
import type { WorkboxPlugin } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import {
  API_CACHE,
  CACHED_AT_HEADER,
  isKeptRefusal,
  isOfflineRead,
  type WorkerMessage,
} from '../lib/offline/contract';

/** Bounded: the reads of one person's recent days, not a copy of Boon. */
const expiration = new ExpirationPlugin({
  maxEntries: 150,
  maxAgeSeconds: 30 * 24 * 60 * 60,
  purgeOnQuotaError: true,
});

/** The account a bearer token names (its `sub`): the token itself changes every few minutes. */
const accountOf = (authorization: string | null) => {
  const token = authorization?.replace(/^Bearer /, '');
  if (!token) return '';
  try {
    const payload = token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/');
    const sub = (JSON.parse(atob(payload)) as { sub?: unknown }).sub;
    return typeof sub === 'string' ? `account:${sub}` : `token:${token}`;
  } catch {
    return `token:${token}`;
  }
};

/**
 * Whose read this is: the requests carry the device's id (and a signed-in account's token),
 * not cookies, so the cache keys carry a hash of them. One identity's answer is never another's,
 * even on a shared device between sign-outs (which forget everything anyway).
 */
const identityOf = async (request: Request) => {
  const who = `${request.headers.get('X-Device-ID') ?? ''}\n${accountOf(request.headers.get('Authorization'))}`;
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(who));
  return Array.from(new Uint8Array(digest).slice(0, 16), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
};

/** Only a read's answer is kept (200), and the refusals that are one (KEPT_REFUSALS). */
const keptWhenAnswered: WorkboxPlugin = {
  cacheWillUpdate: async ({ request, response }) =>
    response.status === 200 || isKeptRefusal(new URL(request.url), response.status)
      ? response
      : null,
};

const keptPerIdentity: WorkboxPlugin = {
  cacheKeyWillBeUsed: async ({ request }) => {
    const url = new URL(request.url);
    url.searchParams.set('boon-identity', await identityOf(request));
    return url.href;
  },
  // The copy kept says when it was fetched: served offline, the page says "as of" then.
  cacheWillUpdate: async ({ response }) => {
    const headers = new Headers(response.headers);
    headers.set(CACHED_AT_HEADER, new Date().toISOString());
    return new Response(await response.blob(), {
      status: response.status,
      statusText: response.statusText,
      headers,
    });
  },
};

/**
 * A read Boon has not answered in this long is answered from what was kept, if anything was (a
 * line that is up yet carries nothing: a train's, a weak signal's), and the page says "as of";
 * the network's answer, when it comes, is kept, and the page asks again (connection-banner.tsx).
 */
const NETWORK_TIMEOUT_SECONDS = 4;

/**
 * The reads a person sees again offline (OFFLINE_READS), network first: online, every read is
 * the server's answer as always (live notices and read-your-writes keep working); its copy is
 * kept, and served only when the network fails or is slower than NETWORK_TIMEOUT_SECONDS.
 */
export const installApiCache = (scope: ServiceWorkerGlobalScope) => {
  registerRoute(
    ({ request, url }) =>
      request.method === 'GET' && url.origin === scope.location.origin && isOfflineRead(url),
    new NetworkFirst({
      cacheName: API_CACHE,
      networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
      plugins: [keptWhenAnswered, keptPerIdentity, expiration],
    }),
  );
  scope.addEventListener('message', (event) => {
    if ((event.data as WorkerMessage | null)?.type === 'forget-reads') {
      event.waitUntil(expiration.deleteCacheAndMetadata());
    }
  });
};
