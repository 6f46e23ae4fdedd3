import { QueryClient, QueryObserver, skipToken, type QueryKey } from '@tanstack/query-core';
import { describe, expect, it } from 'vitest';
import { watchOnly } from '../../ui/lib/watch-only';

const settle = () => new Promise((resolve) => setTimeout(resolve, 5));

/**
 * The page asks for a query; the shell watches it and renders after the page (a later render
 * of its own: every render hands an observer's options to the query), then a live notice
 * refreshes the query.
 */
const refreshWatched = async (shellOptions: (page: { queryKey: QueryKey }) => object) => {
  const client = new QueryClient();
  let asked = 0;
  const options = { queryKey: ['question', 7], queryFn: async () => ({ asked: ++asked }) };
  const page = new QueryObserver(client, options);
  const stopPage = page.subscribe(() => {});
  await settle();
  const shell = new QueryObserver(client, shellOptions(options) as typeof options);
  const stopShell = shell.subscribe(() => {});
  shell.setOptions(shellOptions(options) as typeof options);
  await client.invalidateQueries({ queryKey: options.queryKey });
  await settle();
  const state = client.getQueryState(options.queryKey)!;
  stopShell();
  stopPage();
  return { asked, status: state.status, error: state.error, data: shell.getCurrentResult().data };
};

describe('watching a query the page asks for', () => {
  it('keeps the page’s way of asking, whoever rendered last: a refresh asks again', async () => {
    const refreshed = await refreshWatched((page) => watchOnly(page));
    expect(refreshed).toMatchObject({ asked: 2, status: 'success', error: null });
    expect(refreshed.data).toEqual({ asked: 2 });
  });

  it('(why not skipToken: the query forgets how to ask, and the refresh fails)', async () => {
    const refreshed = await refreshWatched((page) => ({
      queryKey: page.queryKey,
      queryFn: skipToken,
    }));
    expect(refreshed.asked).toBe(1);
    expect(String(refreshed.error)).toMatch(/Missing queryFn/);
  });

  it('never asks by itself, not even when refreshed, while nothing else asks', async () => {
    const client = new QueryClient();
    let asked = 0;
    const options = { queryKey: ['today'], queryFn: async () => ++asked };
    const shell = new QueryObserver(client, watchOnly(options));
    const stop = shell.subscribe(() => {});
    await client.invalidateQueries({ queryKey: options.queryKey });
    await settle();
    stop();
    expect(asked).toBe(0);
    expect(shell.getCurrentResult().data).toBeUndefined();
  });
});
