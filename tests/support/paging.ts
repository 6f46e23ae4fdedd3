/**
 * Every item of a paged list, following `Link: <…>; rel="next"` from the first page to the
 * last, with the same headers on each request.
 */
export const fetchAllPages = async <T>(
  url: string,
  headers: Record<string, string>,
): Promise<T[]> => {
  const items: T[] = [];
  let next: string | null = url;
  while (next) {
    const res: Response = await fetch(next, { headers });
    if (!res.ok) throw new Error(`${next} answered ${res.status}`);
    items.push(...((await res.json()) as T[]));
    const link = /<([^>]+)>;\s*rel="next"/.exec(res.headers.get('link') ?? '');
    next = link ? new URL(link[1]!, next).toString() : null;
  }
  return items;
};
