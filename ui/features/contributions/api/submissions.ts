import { useMutation } from '@tanstack/react-query';
import type { ContributionCreatedDto } from '../../../../domain/contracts/contributions';
import { api } from '../../../lib/api-client';

export const submitQuestion = (content: string) =>
  api<ContributionCreatedDto>('/api/submissions', { method: 'POST', body: { content } });

export const useSubmitQuestion = () => useMutation({ mutationFn: submitQuestion });
