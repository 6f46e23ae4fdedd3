import { useMutation } from '@tanstack/react-query';
import type { NarrativeResultDto } from '../../../../domain/contracts/mini';
import { api } from '../../../lib/api-client';

/** POST /api/mini/narrative/result: the caller is the session; the server decides the archetype. */
export const useNarrativeResult = () =>
  useMutation({
    mutationFn: (choiceIds: string[]) =>
      api<NarrativeResultDto>('/api/mini/narrative/result', {
        method: 'POST',
        body: { choiceIds },
      }),
  });
