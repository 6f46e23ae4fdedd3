import type { QueryClient, QueryKey } from '@tanstack/react-query';

/** The id the server gives the data it rendered the page with (api/http/page-render.ts). */
const FIRST_DATA_ID = 'boon-first-data';

/**
 * A page the server rendered with data anyone may see (today's question, a discussion's
 * question) carries that data as JSON: the cache starts from it, so the first render draws
 * what the HTML shows and React adopts it as it stands. The queries still ask again on mount.
 */
export const seedFirstData = (client: QueryClient) => {
  const element = document.getElementById(FIRST_DATA_ID);
  if (!element?.textContent) return;
  try {
    const entries = JSON.parse(element.textContent) as unknown;
    if (!Array.isArray(entries)) return;
    for (const entry of entries as { key?: unknown; data?: unknown }[]) {
      if (Array.isArray(entry.key) && entry.data != null) {
        client.setQueryData(entry.key as QueryKey, entry.data);
      }
    }
  } catch (error) {
    console.warn('The page’s data could not be read', error);
  }
};
