import type { QuestionTitleDto } from '../../../../domain/contracts/archive';
import { apiPage } from '../../../lib/api-client';
import { pagedQuery, usePagedList } from '../../../lib/paged-query';
import { queryKeys } from '../../../lib/query-keys';

/**
 * The past questions' titles, newest first, a page at a time: open before today is answered
 * (their answers are not). Always fresh on mount, as the archive is.
 */
export const archiveTitlesQuery = {
  ...pagedQuery(queryKeys.archiveTitles, '/api/archive/titles', apiPage<QuestionTitleDto>),
  staleTime: 0,
  refetchOnMount: 'always' as const,
};

export const useArchiveTitles = () => usePagedList(archiveTitlesQuery);
