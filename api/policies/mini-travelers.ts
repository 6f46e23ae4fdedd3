import { createHmac } from 'node:crypto';
import type { Request } from 'express';
import { travelerNames } from '../../domain/mini/traveler-names';
import { forbidden, unauthorized } from '../../domain/shared/errors';
import { miniChatProjection, travelerNameId } from '../../projections/mini-chat';
import { miniResultsProjection } from '../../projections/mini-results';
import { handle } from '../commands/run';
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

/**
 * Where a person's nickname walk starts in a chat: keyed with the server's secret, so it is
 * the same on every process and says nothing about whose it is.
 */
const nicknameSeed = (ctx: AppContext, personId: string, pair: Pair) =>
  createHmac('sha256', ctx.auth.keys.tokenKey)
    .update(`mini-traveler:${pair.dilemmaId}:${pair.archetypeId}:${personId}`)
    .digest()
    .readUIntBE(0, 6);

/**
 * The person's nickname in a Fellow Travelers chat: the one they were given, else one given
 * now (free in that chat, theirs for good there). The browser's choice never counts.
 */
export const travelerNickname = async (ctx: AppContext, personId: string, pair: Pair) => {
  const known = await ctx.readModels.of(miniChatProjection).mini_traveler_names.findOne({
    _id: travelerNameId(pair.dilemmaId, pair.archetypeId, personId),
  });
  if (known) return known.nickname;
  const { state } = await handle(ctx, travelerNames, {
    type: 'NameTraveler',
    ...pair,
    personId,
    seed: nicknameSeed(ctx, personId, pair),
    at: ctx.clock.now(),
  });
  return state.byPerson.get(personId)!;
};
