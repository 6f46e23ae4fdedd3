import { useEffect, useEffectEvent, useState } from 'react';

/** One request per link, however often React mounts a page: a link works only once. */
const attempts = new Map<string, Promise<unknown>>();

/**
 * Reads a mailed link's parameters once, takes them out of the address bar at once (history
 * and screenshots never keep the secret), and follows the link: `follow` runs once per link.
 */
export const useLinkOnce = <T>(
  path: string,
  names: readonly string[],
  follow: (params: Record<string, string>) => Promise<T>,
  handlers: { onDone: (result: T) => void; onFailed: (error: unknown) => void },
) => {
  const [params] = useState(() => {
    const query = new URLSearchParams(window.location.search);
    return Object.fromEntries(names.map((name) => [name, query.get(name) ?? '']));
  });
  const complete = names.every((name) => params[name]);
  const handleDone = useEffectEvent(handlers.onDone);
  const handleFailed = useEffectEvent(handlers.onFailed);
  const handleFollow = useEffectEvent(() => follow(params));

  useEffect(() => {
    if (window.location.search) window.history.replaceState(window.history.state, '', path);
    if (!complete) return;
    const key = `${path}?${names.map((name) => params[name]).join('&')}`;
    let cancelled = false;
    const attempt = (attempts.get(key) as Promise<T> | undefined) ?? handleFollow();
    attempts.set(key, attempt);
    attempt.then(
      (result) => !cancelled && handleDone(result),
      (error: unknown) => !cancelled && handleFailed(error),
    );
    return () => {
      cancelled = true;
    };
  }, [complete, names, params, path]);

  return { complete, params };
};
