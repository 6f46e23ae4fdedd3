import { useState } from 'react';
import type { SharedPairDto } from '../../domain/contracts/shared-responses';
import { apiPage } from './api-client';
import { fetchMore, pagedQuery, usePagedList } from './paged-query';
import { queryKeys } from './query-keys';

/**
 * A question's pairs of contrasting answers (`GET /api/shared-responses/{q}`), oldest first, a
 * page at a time; refetched every 5 minutes (the spec's rule) and live when a notice arrives.
 * Here rather than in a feature: the discussion and the profile both show them.
 */
export const sharedResponsesQuery = (questionId: number) => ({
  ...pagedQuery(
    queryKeys.sharedResponses(questionId),
    `/api/shared-responses/${questionId}`,
    apiPage<SharedPairDto>,
  ),
  refetchInterval: 300_000,
  retry: false,
});

/**
 * The pairs one at a time: `pair` is the one shown, `position` its place (from 1) among the
 * question's `total`; `next()` moves on through the loaded pairs, loads the next page when
 * they are all seen, and starts over after the last.
 */
export const useSharedPairs = (questionId: number | null) => {
  const query = usePagedList({
    ...sharedResponsesQuery(questionId ?? 0),
    enabled: questionId !== null,
  });
  const { list, total } = query;
  const [index, setIndex] = useState(0);
  const at = list.length ? index % list.length : 0;
  const next = async () => {
    if (at + 1 < list.length) return setIndex(at + 1);
    if (query.hasNextPage) {
      await fetchMore(query);
      return setIndex(at + 1);
    }
    setIndex(0);
  };
  return { ...query, list, total, pair: list[at], position: at + 1, next };
};
