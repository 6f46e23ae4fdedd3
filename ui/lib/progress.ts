import { atom } from 'jotai';
import { queryOptions } from '@tanstack/react-query';
import type { BadgeDto, StreakDto } from '../../domain/contracts/progress';
import { api } from './api-client';
import { queryKeys } from './query-keys';

/**
 * The caller's streak and badges. Here rather than in a feature: the profile shows them, and so
 * does the celebration after answering (the streak day the answer extended, a badge it earned).
 */
export const streakQuery = queryOptions({
  queryKey: queryKeys.streak,
  queryFn: () => api<StreakDto>('/api/user/streak'),
});

export const badgesQuery = queryOptions({
  queryKey: queryKeys.badges,
  queryFn: () => api<BadgeDto[]>('/api/user/badges'),
});

/**
 * While the celebration after answering is on screen it tells of new badges itself: badge
 * toasts wait, and skip the badges it has shown (one place for each piece of news).
 */
export const celebratingAtom = atom(false);
export const announcedBadgesAtom = atom<ReadonlySet<string>>(new Set<string>());
