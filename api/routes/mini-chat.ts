import { Router } from 'express';
import { z } from 'zod';
import {
  ANONYMOUS_TRAVELER,
  RESULT_CHAT_MAX_LENGTH,
  type ChatMessageDto,
  type PostChatMessageResult,
  type TravelerNicknameDto,
} from '../../domain/contracts/mini';
import { miniId, postChatMessageBody } from '../../domain/contracts/schemas/mini';
import { acceptChatText, chatters } from '../../domain/mini/chat';
import { seal, unseal } from '../../infra/auth/sealing';
import type { MiniChatMessageDoc } from '../../projections/mini-chat';
import { handle } from '../commands/run';
import type { AppContext } from '../context';
import { requireAccount } from '../http/guards';
import { parseInput } from '../http/validation';
import { assertTravelsWith, sessionPerson, travelerNickname } from '../policies/mini-travelers';

const pairParams = z.strictObject({
  dilemmaId: miniId('dilemmaId'),
  archetypeId: miniId('archetypeId'),
});

/** How many of the newest messages a chat shows. */
const CHAT_HISTORY = 100;

/** The Fellow Travelers chat of a dilemma's archetype: only those with that result today. */
export const miniChatRoutes = (ctx: AppContext) => {
  const router = Router();
  const path = '/mini/dilemma/:dilemmaId/archetype/:archetypeId/chat';

  const toDto = async (
    doc: MiniChatMessageDoc,
    viewerId: string,
  ): Promise<ChatMessageDto | null> => {
    // An erased author's key is gone: their words went with it.
    const content = await unseal(ctx.auth.vault, doc.content);
    if (content === null) return null;
    return {
      id: doc._id,
      username: doc.username ?? ANONYMOUS_TRAVELER,
      content,
      timestamp: doc.at,
      isOwn: doc.authorId === viewerId,
    };
  };

  router.get(path, requireAccount(ctx), async (req, res) => {
    const pair = parseInput(pairParams, req.params, 'params');
    const personId = await sessionPerson(ctx, req);
    await assertTravelsWith(ctx, personId, pair);
    const newest = await ctx.readModels
      .collection<MiniChatMessageDoc>('mini_chat_messages')
      .find(pair, { sort: { at: -1 }, limit: CHAT_HISTORY });
    const messages = await Promise.all(newest.reverse().map((doc) => toDto(doc, personId)));
    res.json(messages.filter((m): m is ChatMessageDto => m !== null));
  });

  /** The caller's nickname in this chat (given on first ask, theirs for good there). */
  router.get(`${path}/nickname`, requireAccount(ctx), async (req, res) => {
    const pair = parseInput(pairParams, req.params, 'params');
    const personId = await sessionPerson(ctx, req);
    await assertTravelsWith(ctx, personId, pair);
    const nickname: TravelerNicknameDto = { nickname: await travelerNickname(ctx, personId, pair) };
    res.json(nickname);
  });

  router.post(path, requireAccount(ctx), async (req, res) => {
    const pair = parseInput(pairParams, req.params, 'params');
    // `username` is the spec's field: accepted, never used (the server names travellers).
    const body = parseInput(postChatMessageBody, req.body);
    const content = acceptChatText(body.content, RESULT_CHAT_MAX_LENGTH);
    const personId = await sessionPerson(ctx, req);
    await assertTravelsWith(ctx, personId, pair);
    const username = await travelerNickname(ctx, personId, pair);
    const messageId = ctx.newId();
    const at = ctx.clock.now();
    const { position } = await handle(ctx, chatters(ctx.dayRules), {
      type: 'PostResultChatMessage',
      messageId,
      personId,
      ...pair,
      username,
      content: await seal(ctx.auth.vault, personId, content),
      at,
    });
    const result: PostChatMessageResult = {
      message: {
        id: messageId,
        username,
        content,
        timestamp: at.toISOString(),
        isOwn: true,
      },
      position: position?.toString() ?? null,
    };
    res.status(201).json(result);
  });

  return router;
};
