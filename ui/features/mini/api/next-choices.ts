import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChoiceDto } from '../../../../domain/contracts/mini';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * The options of a step: GET /api/mini/dilemma/{id}/choices for the first step, and
 * GET /api/mini/choice/{id}/choices after a choice.
 */
export const nextChoicesQuery = (step: { dilemmaId: string } | { choiceId: string }) =>
  queryOptions({
    queryKey: queryKeys.miniChoices('dilemmaId' in step ? step.dilemmaId : step.choiceId),
    queryFn: () =>
      api<ChoiceDto[]>(
        'dilemmaId' in step
          ? `/api/mini/dilemma/${encodeURIComponent(step.dilemmaId)}/choices`
          : `/api/mini/choice/${encodeURIComponent(step.choiceId)}/choices`,
      ),
    staleTime: Infinity,
  });

export const useNextChoices = (step: { dilemmaId: string } | { choiceId: string }) =>
  useQuery(nextChoicesQuery(step));
