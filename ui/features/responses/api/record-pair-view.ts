import { useMutation } from '@tanstack/react-query';
import type { CommandResult } from '../../../../domain/contracts/responses';
import { api } from '../../../lib/api-client';

export const recordPairView = (pairId: string) =>
  api<CommandResult>(`/api/shared-responses/pairs/${encodeURIComponent(pairId)}/views`, {
    method: 'POST',
  });

export const useRecordPairView = () => useMutation({ mutationFn: recordPairView });
