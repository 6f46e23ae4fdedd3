import { Router } from 'express';
import { z } from 'zod';
import type { PostReplyResult, ReplyDto } from '../../domain/contracts/replies';
import { postReplyBody } from '../../domain/contracts/schemas/replies';
import { replies, replyStreamId } from '../../domain/replies/replies';
import { mentionedOnce } from '../../domain/replies/rules';
import { notFound } from '../../domain/shared/errors';
import type { ReplyDoc } from '../../projections/replies';
import type { ResponseDoc } from '../../projections/responses-by-question';
import { earlierOn, handle } from '../commands/run';
import { refuseIfAbusive } from '../commands/screening';
import type { AppContext } from '../context';
import { requireRegistered, identifyReader, participantOf, readerOf } from '../http/guards';
import { requestKeyOf } from '../http/idempotency';
import { assertMayRead, assertMayTakePart } from '../policies/discussions';
import { moderationOf, seenBy } from '../policies/visibility';
import { pageOf, sendPage } from '../http/paging';
import { parseInput } from '../http/validation';

const responseParams = z.object({ responseId: z.string().min(1).max(100) });
const replyParams = z.object({ id: z.string().min(1).max(100) });
/** Where a page of replies ended: the last reply's place in the thread. */
const replyKey = z.object({ order: z.string().max(40) });

/** What a reply's DTO is made of: the read model's document, or the event that posted it. */
type ReplySource = Pick<
  ReplyDoc,
  | '_id'
  | 'responseId'
  | 'content'
  | 'pseudonym'
  | 'dateAdded'
  | 'authorId'
  | 'visibility'
  | 'moderationReason'
>;

export const toReplyDto = (doc: ReplySource, viewerId: string | null): ReplyDto => ({
  id: doc._id,
  responseId: doc.responseId,
  content: mentionedOnce(doc.content),
  user: doc.pseudonym || 'Anonymous',
  dateAdded: doc.dateAdded,
  isOwn: viewerId !== null && doc.authorId === viewerId,
  moderation: moderationOf(doc, viewerId),
});

export const replyRoutes = (ctx: AppContext) => {
  const router = Router();
  const responses = () => ctx.readModels.collection<ResponseDoc>('responses');

  router.get('/replies/:responseId', identifyReader(ctx), async (req, res) => {
    const { responseId } = parseInput(responseParams, req.params, 'params');
    const { after, limit } = pageOf(req, replyKey);
    const actor = readerOf(req);
    const viewerId = actor?.userId ?? null;
    const response = await responses().findOne({ _id: responseId });
    if (!response || !seenBy(response, viewerId)) {
      throw notFound('Response not found', 'This response no longer exists.');
    }
    await assertMayRead(
      ctx,
      actor,
      response.questionId,
      'Share your own perspective before joining the conversation.',
    );
    // Oldest first, a page at a time through the (responseId, visibility, order) index.
    const thread = ctx.readModels.collection<ReplyDoc>('replies');
    const found = await thread.find(
      { responseId, visibility: 'visible', ...(after ? { order: { $gt: after.order } } : {}) },
      { sort: { order: 1 }, limit: limit + 1 },
    );
    const page = found.slice(0, limit);
    const more = found.length > limit;
    const end = more ? page[page.length - 1]!.order : null;
    // The reader's own replies others no longer see, in their places on this page.
    const own = (
      viewerId === null ? [] : await thread.find({ authorId: viewerId, responseId })
    ).filter(
      (doc) =>
        doc.visibility !== 'visible' &&
        seenBy(doc, viewerId) &&
        (!after || doc.order > after.order) &&
        (end === null || doc.order <= end),
    );
    const shown = [...page, ...own].sort((a, b) => a.order.localeCompare(b.order));
    sendPage(
      req,
      res,
      shown.map((doc) => toReplyDto(doc, viewerId)),
      more ? { order: end } : null,
      await thread.count({ responseId, visibility: 'visible' }),
    );
  });

  router.post('/replies', requireRegistered(ctx), async (req, res) => {
    const body = parseInput(postReplyBody, req.body);
    const actor = participantOf(req);
    const once = requestKeyOf(req, actor.userId, 'PostReply', body);
    const replyId = once?.newId('reply') ?? ctx.newId();
    // Each reply is a stream of its own, named from the key: a repeat is found there first.
    const earlier = await earlierOn(ctx, replyStreamId(replyId), replies.decider, once);
    const { events, position } =
      earlier ??
      (await (async () => {
        const response = await responses().findOne({ _id: body.responseId });
        if (!response || !seenBy(response, actor.userId)) {
          throw notFound('Response not found', 'This response no longer exists.');
        }
        await assertMayTakePart(ctx, actor, response.questionId);
        await refuseIfAbusive(
          ctx,
          {
            text: body.content,
            field: 'content',
            authorId: actor.userId,
            kind: 'reply',
            questionId: response.questionId,
            day: response.day,
          },
          once,
        );
        return handle(
          ctx,
          replies,
          {
            type: 'PostReply',
            replyId,
            responseId: response._id,
            questionId: response.questionId,
            responseAuthorPseudonym: response.pseudonym,
            authorId: actor.userId,
            pseudonym: actor.pseudonym,
            content: body.content,
            at: ctx.clock.now(),
          },
          once,
        );
      })());
    const posted = events[0]!;
    if (posted.type !== 'ReplyPosted') throw new Error('Unexpected event');
    const result: PostReplyResult = {
      position: position?.toString() ?? null,
      reply: toReplyDto(
        {
          _id: replyId,
          ...posted.data,
          content: posted.data.content ?? '',
          dateAdded: posted.data.at,
          visibility: 'visible',
          moderationReason: null,
        },
        actor.userId,
      ),
    };
    res.status(201).json(result);
  });

  router.delete('/replies/:id', requireRegistered(ctx), async (req, res) => {
    const { id } = parseInput(replyParams, req.params, 'params');
    const actor = participantOf(req);
    const { position } = await handle(ctx, replies, {
      type: 'DeleteReply',
      replyId: id,
      actorId: actor.userId,
      at: ctx.clock.now(),
    });
    res.json({ position: position?.toString() ?? null });
  });

  return router;
};
