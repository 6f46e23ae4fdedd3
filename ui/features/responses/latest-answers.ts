import { createContext, useContext } from 'react';
import type { ResponseDto } from '../../../domain/contracts/responses';

/**
 * The discussion's answers as the cache holds them now, by id. The cards are drawn from a
 * deferred copy of the list (responses-page.tsx), a render or more behind; an echo's state is
 * read from here, so a write leaving the outbox as Boon's answer enters the cache is never
 * drawn against the answer as it was before the press (the button said "Echo", 0 echoes, for
 * that moment, and a press then echoed again: the echo was withdrawn unasked).
 */
export const LatestAnswers = createContext<ReadonlyMap<string, ResponseDto> | null>(null);

/** `response` as the cache holds it now (itself outside a discussion, or once it is gone). */
export const useLatestAnswer = (response: ResponseDto) =>
  useContext(LatestAnswers)?.get(response.id) ?? response;
