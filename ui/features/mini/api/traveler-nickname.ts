import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TravelerNicknameDto } from '../../../../domain/contracts/mini';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { chatPath } from './chat-messages';

/** GET …/chat/nickname: the name the server gave the caller in this chat (theirs for good). */
export const travelerNicknameQuery = (dilemmaId: string, archetypeId: string) =>
  queryOptions({
    queryKey: queryKeys.miniChatNickname(dilemmaId, archetypeId),
    queryFn: () => api<TravelerNicknameDto>(`${chatPath(dilemmaId, archetypeId)}/nickname`),
    staleTime: Infinity,
    retry: false,
  });

export const useTravelerNickname = (dilemmaId: string, archetypeId: string) =>
  useQuery(travelerNicknameQuery(dilemmaId, archetypeId));
