import type { Request } from 'express';
import { forbidden, unauthorized } from '../../domain/shared/errors';
import { miniResultsProjection } from '../../projections/mini-results';
import { today } from '../commands/question-of-the-day';
import { loadAccount } from '../auth/accounts';
import type { AppContext } from '../context';
import { accountOf } from '../http/guards';

type Pair = { dilemmaId: string; archetypeId: string };

/**
 * The Fellow Travelers chat of a dilemma's archetype is for those whose standing result today
 * is that archetype on that dilemma: knowing the ids is not enough.
 */
export const travelsWith = async (ctx: AppContext, personId: string, pair: Pair) =>
  (await ctx.readModels.of(miniResultsProjection).mini_results.findOne({
    personId,
    day: today(ctx),
    dilemmaId: pair.dilemmaId,
    archetypeId: pair.archetypeId,
  })) !== null;

export const assertTravelsWith = async (ctx: AppContext, personId: string, pair: Pair) => {
  if (!(await travelsWith(ctx, personId, pair))) {
    throw forbidden(
      'Not your path',
      'This chat is for those who reached this archetype on today’s dilemma.',
    );
  }
};

/** The person behind a request's signed-in account (journeys, chats, streaks and erasure go by person). */
export const sessionPerson = async (ctx: AppContext, req: Request) => {
  const account = await loadAccount(ctx, accountOf(req).accountId);
  if (!account) throw unauthorized('Invalid JWT', 'Sign in to continue.');
  return account.userId;
};
