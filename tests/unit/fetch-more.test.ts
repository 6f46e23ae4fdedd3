import { InfiniteQueryObserver, QueryClient, type InfiniteData } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { fetchMore } from '../../ui/lib/paged-list';

type Page = { items: number[]; next: number | null };

/**
 * A paged list of two pages whose requests answer only when released, so a test can hold one
 * under way while another starts: the interleavings a live notice makes with a press.
 */
const pagedList = () => {
  const held: (() => void)[] = [];
  const asked: number[] = [];
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const observer = new InfiniteQueryObserver<Page, Error, InfiniteData<Page>, string[], number>(
    client,
    {
      queryKey: ['list'],
      initialPageParam: 0,
      getNextPageParam: (last) => last.next ?? undefined,
      queryFn: ({ pageParam }) => {
        asked.push(pageParam);
        return new Promise<Page>((resolve) =>
          held.push(() =>
            resolve({
              items: [pageParam * 10, pageParam * 10 + 1],
              next: pageParam === 0 ? 1 : null,
            }),
          ),
        );
      },
    },
  );
  const unsubscribe = observer.subscribe(() => {});
  /** Answers every request under way, and those they lead to, until none is left. */
  const releaseAll = async () => {
    for (let round = 0; round < 10; round++) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      if (held.length === 0) continue;
      held.splice(0).forEach((release) => release());
    }
  };
  const paged = () => ({
    data: observer.getCurrentResult().data,
    fetchNextPage: observer.fetchNextPage.bind(observer),
  });
  return { client, observer, asked, held, releaseAll, paged, unsubscribe };
};

let end: (() => void) | null = null;
afterEach(() => {
  end?.();
  end = null;
});

/**
 * The first page loaded, then `press`; a live notice invalidates the list while the next page's
 * request is under way (so its refetch cancels that request), and every request is answered.
 */
const noticeDuringPress = async (
  press: (list: ReturnType<typeof pagedList>) => Promise<unknown>,
) => {
  const list = pagedList();
  end = list.unsubscribe;
  await list.releaseAll();
  const pressed = press(list);
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(list.asked).toEqual([0, 1]);
  void list.client.invalidateQueries({ queryKey: ['list'] });
  await list.releaseAll();
  await pressed;
  return list;
};

describe('Show more (fetchMore): a press is never lost to a refetch of the whole list', () => {
  it('pressed while the list is refetched (a live notice): the next page still comes', async () => {
    const list = pagedList();
    end = list.unsubscribe;
    await list.releaseAll();
    expect(list.observer.getCurrentResult().data?.pages).toHaveLength(1);

    void list.client.invalidateQueries({ queryKey: ['list'] });
    await new Promise((resolve) => setTimeout(resolve, 0));
    const press = fetchMore(list.paged());
    await list.releaseAll();
    await press;

    expect(list.observer.getCurrentResult().data?.pages).toHaveLength(2);
  });

  it('a refetch that starts while the next page is asked for (and cancels it): asked again', async () => {
    const list = await noticeDuringPress((list) => fetchMore(list.paged()));
    expect(list.observer.getCurrentResult().data?.pages).toHaveLength(2);
  });

  it('the plain fetchNextPage loses that press (what the helper is for)', async () => {
    const list = await noticeDuringPress((list) => list.observer.fetchNextPage());
    expect(list.observer.getCurrentResult().data?.pages).toHaveLength(1);
  });

  it('stops at the last page and asks nothing more', async () => {
    const list = pagedList();
    end = list.unsubscribe;
    await list.releaseAll();
    const first = fetchMore(list.paged());
    await list.releaseAll();
    await first;
    const asked = list.asked.length;

    await fetchMore(list.paged());
    expect(list.asked.length).toBe(asked);
    expect(list.observer.getCurrentResult().data?.pages).toHaveLength(2);
  });
});
