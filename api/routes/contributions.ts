import { Router } from 'express';
import type { BrainstormDto, ContributionCreatedDto } from '../../domain/contracts/contributions';
import { submitQuestionBody, suggestBody } from '../../domain/contracts/schemas/contributions';
import { submissions } from '../../domain/contributions/submissions';
import { suggestions } from '../../domain/contributions/suggestions';
import { contributionsProjection } from '../../projections/contributions';
import { handle } from '../commands/run';
import type { AppContext } from '../context';
import type { Quota } from '../http/quotas';
import { identifyReader, participantOf, readerOf, requireRegistered } from '../http/guards';
import { parseInput } from '../http/validation';

/** How many of the caller's own ideas /brainstorm lists, newest first. */
const OWN_IDEAS_SHOWN = 50;

/** Ideas and questions one person may send in an hour: plenty for a person, not for a script. */
export const CONTRIBUTIONS_PER_PERSON: Quota = {
  name: 'contributions',
  max: 30,
  windowMs: 60 * 60_000,
  what: 'suggestions and questions from you',
};

/**
 * People's contributions: a brainstorm idea and a submitted question. The author is the
 * caller as the server knows them; no one else ever sees who wrote what.
 */
export const contributionRoutes = (ctx: AppContext) => {
  const router = Router();
  const view = () => ctx.readModels.of(contributionsProjection);

  router.get('/brainstorm', identifyReader(ctx), async (req, res) => {
    const reader = readerOf(req);
    const ideas = view().suggestions;
    const [pending, approved, rejected, mine] = await Promise.all([
      ideas.count({ status: 'pending' }),
      ideas.count({ status: 'approved' }),
      ideas.count({ status: 'rejected' }),
      reader
        ? ideas.find(
            { authorId: reader.userId },
            { sort: { authorId: 1, dateAdded: -1 }, limit: OWN_IDEAS_SHOWN },
          )
        : [],
    ]);
    res.json({
      totalSuggestions: pending + approved + rejected,
      questionsUsed: approved,
      underReview: pending,
      mine: mine.map((doc) => ({
        id: doc._id,
        content: doc.content,
        category: doc.category,
        status: doc.status,
        dateAdded: doc.dateAdded,
      })),
    } satisfies BrainstormDto);
  });

  router.post('/brainstorm', requireRegistered(ctx), async (req, res) => {
    const body = parseInput(suggestBody, req.body);
    const actor = participantOf(req);
    ctx.quotas.enforce(res, CONTRIBUTIONS_PER_PERSON, actor.userId);
    const suggestionId = ctx.newId();
    const { position } = await handle(ctx, suggestions, {
      type: 'MakeSuggestion',
      suggestionId,
      content: body.content,
      category: body.category ?? null,
      from: 'person',
      authorId: actor.userId,
      authorName: actor.pseudonym,
      at: ctx.clock.now(),
    });
    ctx.quotas.spend(CONTRIBUTIONS_PER_PERSON, actor.userId);
    res.status(201).json({
      id: suggestionId,
      position: position?.toString() ?? null,
    } satisfies ContributionCreatedDto);
  });

  router.post('/submissions', requireRegistered(ctx), async (req, res) => {
    const body = parseInput(submitQuestionBody, req.body);
    const actor = participantOf(req);
    ctx.quotas.enforce(res, CONTRIBUTIONS_PER_PERSON, actor.userId);
    const submissionId = ctx.newId();
    const { position } = await handle(ctx, submissions, {
      type: 'SendSubmission',
      submissionId,
      content: body.content,
      authorId: actor.userId,
      submitterName: actor.pseudonym,
      at: ctx.clock.now(),
    });
    ctx.quotas.spend(CONTRIBUTIONS_PER_PERSON, actor.userId);
    res.status(201).json({
      id: submissionId,
      position: position?.toString() ?? null,
    } satisfies ContributionCreatedDto);
  });

  return router;
};
