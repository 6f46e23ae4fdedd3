import { useMutation } from '@tanstack/react-query';
import type { SaveResultBody, SaveResultDto } from '../../../../domain/contracts/mini';
import { api } from '../../../lib/api-client';

/** POST /api/mini/result: the server decides the archetype from the path. */
export const saveResult = (body: SaveResultBody) =>
  api<SaveResultDto>('/api/mini/result', { method: 'POST', body });

/**
 * Saving leaves today's result query alone: the journey shows its ending and moves on to
 * the result page, and /mini asks the server afresh the next time it opens.
 */
export const useSaveResult = () => useMutation({ mutationFn: saveResult });
