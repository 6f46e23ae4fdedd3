import type { QueryClient, QueryKey } from '@tanstack/react-query';

/** The id the server gives the data it rendered the page with (api/http/page-render.ts). */
const FIRST_DATA_ID = 'boon-first-data';

/**
 * A page the server rendered with data anyone may see (today's question, a discussion's
 * question) carries that data as JSON: the cache starts from it, so the first render draws
 * what the HTML shows and React adopts it as it stands. It is entered as already stale, so
 * each query asks again once its page is mounted: what the HTML shows is confirmed (or
 * replaced, say by a new day's question), and a Boon that stopped answering after serving the
 * page is found out and said rather than hidden behind the data that came with it.
 */
export const seedFirstData = (client: QueryClient) => {
  const element = document.getElementById(FIRST_DATA_ID);
  if (!element?.textContent) return;
  try {
    const entries = JSON.parse(element.textContent) as unknown;
    if (!Array.isArray(entries)) return;
    for (const entry of entries as { key?: unknown; data?: unknown }[]) {
      if (Array.isArray(entry.key) && entry.data != null) {
        client.setQueryData(entry.key as QueryKey, entry.data, { updatedAt: 0 });
      }
    }
  } catch (error) {
    console.warn('The page’s data could not be read', error);
  }
};
