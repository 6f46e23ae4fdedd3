import { Router } from 'express';
import { z } from 'zod';
import {
  BOARD_STATUSES,
  type AdminIdeaDto,
  type AdminSubmissionDto,
  type BrainstormCountsDto,
  type ContributionCreatedDto,
  type SubmissionQuestionDto,
} from '../../domain/contracts/contributions';
import {
  addIdeaBody,
  brainstormQuery,
  contributionIdParams,
  editIdeaBody,
  reviewSubmissionBody,
  scheduleSubmissionBody,
  submissionsQuery,
  voteBody,
} from '../../domain/contracts/schemas/contributions';
import { IDEA_QUESTION_CATEGORY } from '../../domain/contributions/rules';
import {
  assertUsable,
  submissionDecider,
  submissions,
  submissionStreamId,
  type SubmissionEvent,
} from '../../domain/contributions/submissions';
import {
  assertIdeaUsable,
  suggestionDecider,
  suggestions,
  suggestionStreamId,
  type SuggestionEvent,
} from '../../domain/contributions/suggestions';
import { acceptScheduleDate } from '../../domain/questions/rules';
import { fold } from '../../domain/shared/decider';
import { invalid } from '../../domain/shared/errors';
import {
  contributionsProjection,
  type SubmissionDoc,
  type SuggestionDoc,
} from '../../projections/contributions';
import { questionsProjection } from '../../projections/questions';
import {
  draftQuestion,
  refuseIfAnsweredToday,
  scheduleQuestion,
  setTodaysQuestion,
} from '../commands/admin-questions';
import { today } from '../commands/question-of-the-day';
import { handle } from '../commands/run';
import type { AppContext } from '../context';
import { adminSessionOf, requireAdmin } from '../http/guards';
import { pageOf, sendPage } from '../http/paging';
import { parseInput } from '../http/validation';

/** Where a page of the board ended: the list (status) and the place in it. */
const ideaKey = z.strictObject({ status: z.enum(BOARD_STATUSES), order: z.string().max(200) });
/** Where a page of submissions ended. */
const submissionKey = z.string().max(200);

const toIdea = (doc: SuggestionDoc, admin: string): AdminIdeaDto => ({
  id: doc._id,
  content: doc.content,
  category: doc.category,
  status: doc.status,
  dateAdded: doc.dateAdded,
  createdBy: doc.authorName ?? doc.addedBy ?? 'Anonymous',
  notes: doc.notes,
  votes: doc.votes.reduce((sum, v) => sum + (v.vote === 'up' ? 1 : -1), 0),
  userVote: doc.votes.find((v) => v.by === admin)?.vote ?? null,
  promoted: doc.promoted,
  questionId: doc.questionId ?? null,
});

const toSubmission = (
  doc: SubmissionDoc,
  question: SubmissionQuestionDto | null,
): AdminSubmissionDto => ({
  id: doc._id,
  content: doc.content,
  status: doc.status,
  adminNotes: doc.adminNotes,
  submitterName: doc.submitterName,
  dateSubmitted: doc.dateSubmitted,
  questionId: doc.questionId,
  question,
});

/** The command answered: where to read it back (X-Min-Position). */
const done = (position: bigint | null) => ({ position: position?.toString() ?? null });

/**
 * The admin's moderation of the brainstorm board and of submitted questions. Every route
 * checks the admin's token on the server, and every command names the admin who acted.
 */
export const adminContributionRoutes = (ctx: AppContext) => {
  const router = Router();
  const view = () => ctx.readModels.of(contributionsProjection);
  const admin = requireAdmin(ctx);
  const now = () => ctx.clock.now();

  /**
   * Where the questions some submissions became stand now: asked (today's: active, before:
   * archived), still planned (scheduled or a draft), or deleted before they were asked.
   */
  const questionStates = async (ids: number[]) => {
    const questions = ctx.readModels.of(questionsProjection);
    const [asked, planned] = ids.length
      ? await Promise.all([
          questions.questions.find({ id: { $in: ids } }),
          questions.planned_questions.find({ _id: { $in: ids.map(String) } }),
        ])
      : [[], []];
    const day = today(ctx);
    const states = new Map<number, SubmissionQuestionDto>(
      ids.map((id) => [id, { id, status: 'deleted', day: null }]),
    );
    for (const q of planned) states.set(q.id, { id: q.id, status: q.status, day: q.scheduledFor });
    for (const q of asked) {
      states.set(q.id, { id: q.id, status: q.day === day ? 'active' : 'archived', day: q.day });
    }
    return states;
  };

  const boardCounts = async (): Promise<BrainstormCountsDto> => {
    const [pending, approved] = await Promise.all(
      BOARD_STATUSES.map((status) => view().suggestions.count({ status })),
    );
    return { pending: pending!, approved: approved! };
  };

  /**
   * The board, a page at a time: pending ideas first, then approved, newest first within
   * each (rejected ideas leave the board), or one of the two lists with `?status=`.
   */
  router.get('/admin/brainstorm', admin, async (req, res) => {
    const me = adminSessionOf(req).username;
    const { status } = parseInput(brainstormQuery, req.query, 'query');
    const { after, limit } = pageOf(req, ideaKey);
    const lists = status ? [status] : [...BOARD_STATUSES];
    const from = after === null ? 0 : lists.indexOf(after.status);
    if (from < 0) throw invalid('cursor', 'Invalid cursor', 'cursor belongs to another list.');
    // One more than a page tells whether another follows.
    const docs: SuggestionDoc[] = [];
    for (const list of lists.slice(from)) {
      if (docs.length > limit) break;
      const before = after !== null && list === after.status ? { order: { $lt: after.order } } : {};
      docs.push(
        ...(await view().suggestions.find(
          { status: list, ...before },
          { sort: { status: 1, order: -1 }, limit: limit + 1 - docs.length },
        )),
      );
    }
    const page = docs.slice(0, limit);
    const last = page.at(-1);
    const counts = await boardCounts();
    sendPage(
      req,
      res,
      page.map((doc) => toIdea(doc, me)),
      docs.length > limit && last ? { status: last.status, order: last.order } : null,
      status ? counts[status] : counts.pending + counts.approved,
    );
  });

  router.get('/admin/brainstorm/counts', admin, async (_req, res) => {
    res.json(await boardCounts());
  });

  router.post('/admin/brainstorm', admin, async (req, res) => {
    const body = parseInput(addIdeaBody, req.body);
    const suggestionId = ctx.newId();
    const { position } = await handle(ctx, suggestions, {
      type: 'MakeSuggestion',
      suggestionId,
      content: body.content,
      category: body.category ?? null,
      from: 'admin',
      by: adminSessionOf(req).username,
      notes: body.notes ?? null,
      at: now(),
    });
    res.status(201).json({ id: suggestionId, ...done(position) } satisfies ContributionCreatedDto);
  });

  router.patch('/brainstorm/:id', admin, async (req, res) => {
    const { id } = parseInput(contributionIdParams, req.params, 'params');
    const { reason, ...changes } = parseInput(editIdeaBody, req.body);
    const { position } = await handle(ctx, suggestions, {
      type: 'EditSuggestion',
      suggestionId: id,
      changes,
      reason: reason ?? null,
      by: adminSessionOf(req).username,
      at: now(),
    });
    res.json(done(position));
  });

  router.delete('/brainstorm/:id', admin, async (req, res) => {
    const { id } = parseInput(contributionIdParams, req.params, 'params');
    const { position } = await handle(ctx, suggestions, {
      type: 'DeleteSuggestion',
      suggestionId: id,
      by: adminSessionOf(req).username,
      at: now(),
    });
    res.json(done(position));
  });

  router.post('/brainstorm/:id/promote', admin, async (req, res) => {
    const { id } = parseInput(contributionIdParams, req.params, 'params');
    const { position } = await handle(ctx, suggestions, {
      type: 'PromoteSuggestion',
      suggestionId: id,
      by: adminSessionOf(req).username,
      at: now(),
    });
    res.json(done(position));
  });

  router.post('/brainstorm/:id/vote', admin, async (req, res) => {
    const { id } = parseInput(contributionIdParams, req.params, 'params');
    const { voteType } = parseInput(voteBody, req.body);
    const { position } = await handle(ctx, suggestions, {
      type: 'VoteOnSuggestion',
      suggestionId: id,
      vote: voteType,
      by: adminSessionOf(req).username,
      at: now(),
    });
    res.json(done(position));
  });

  /** Submissions newest first, all or of one status, a page at a time. */
  router.get('/admin/submissions', admin, async (req, res) => {
    const { status } = parseInput(submissionsQuery, req.query, 'query');
    const { after, limit } = pageOf(req, submissionKey);
    const filter = status ? { status } : {};
    const [docs, total] = await Promise.all([
      view().submissions.find(
        { ...filter, ...(after !== null ? { order: { $lt: after } } : {}) },
        { sort: status ? { status: 1, order: -1 } : { order: -1 }, limit: limit + 1 },
      ),
      view().submissions.count(filter),
    ]);
    const page = docs.slice(0, limit);
    const next = docs.length > limit ? page.at(-1)!.order : null;
    const questions = await questionStates(page.flatMap((doc) => doc.questionId ?? []));
    const rows = page.map((doc) =>
      toSubmission(doc, doc.questionId === null ? null : questions.get(doc.questionId)!),
    );
    sendPage(req, res, rows, next, total);
  });

  router.put('/admin/submissions/:id', admin, async (req, res) => {
    const { id } = parseInput(contributionIdParams, req.params, 'params');
    const changes = parseInput(reviewSubmissionBody, req.body);
    const { position } = await handle(ctx, submissions, {
      type: 'ReviewSubmission',
      submissionId: id,
      changes,
      by: adminSessionOf(req).username,
      at: now(),
    });
    res.json(done(position));
  });

  const submissionState = async (id: string) =>
    fold(
      submissionDecider,
      (await ctx.events.readStream(submissionStreamId(id))) as unknown as SubmissionEvent[],
    );

  /** Marks the submission used as the question, crediting its author. */
  const useSubmission = (id: string, by: string, questionId: number, scheduledFor: string | null) =>
    handle(ctx, submissions, {
      type: 'UseSubmission',
      submissionId: id,
      questionId,
      scheduledFor,
      by,
      at: now(),
    });

  router.post('/admin/submissions/:id/convert', admin, async (req, res) => {
    const { id } = parseInput(contributionIdParams, req.params, 'params');
    const submission = assertUsable(await submissionState(id), 'convert');
    const by = adminSessionOf(req).username;
    const question = await draftQuestion(ctx, by, {
      content: submission.content,
      category: IDEA_QUESTION_CATEGORY,
      submissionId: id,
    });
    const { position } = await useSubmission(id, by, question.id, null);
    res.status(201).json({ questionId: question.id, ...done(position) });
  });

  router.post('/admin/submissions/:id/schedule', admin, async (req, res) => {
    const { id } = parseInput(contributionIdParams, req.params, 'params');
    const { scheduledDate } = parseInput(scheduleSubmissionBody, req.body);
    const submission = assertUsable(await submissionState(id), 'schedule');
    acceptScheduleDate(scheduledDate, today(ctx), 'scheduledDate');
    const by = adminSessionOf(req).username;
    const question = await scheduleQuestion(ctx, by, {
      content: submission.content,
      category: IDEA_QUESTION_CATEGORY,
      submissionId: id,
      scheduledFor: scheduledDate,
    });
    const { position } = await useSubmission(id, by, question.id, scheduledDate);
    res.status(201).json({ questionId: question.id, ...done(position) });
  });

  router.post('/brainstorm/:id/use-today', admin, async (req, res) => {
    const { id } = parseInput(contributionIdParams, req.params, 'params');
    const idea = assertIdeaUsable(
      fold(
        suggestionDecider,
        (await ctx.events.readStream(suggestionStreamId(id))) as unknown as SuggestionEvent[],
      ),
    );
    await refuseIfAnsweredToday(ctx);
    const by = adminSessionOf(req).username;
    // A person's idea is credited on the question; an admin's own idea is not a community one.
    const choice = {
      content: idea.content,
      category: idea.category ?? IDEA_QUESTION_CATEGORY,
      submissionId: idea.authorId !== null ? id : null,
    };
    const question = await draftQuestion(ctx, by, choice);
    await setTodaysQuestion(ctx, by, { id: question.id, ...choice });
    const { position } = await handle(ctx, suggestions, {
      type: 'UseSuggestion',
      suggestionId: id,
      questionId: question.id,
      by,
      at: now(),
    });
    res.status(201).json({ questionId: question.id, ...done(position) });
  });

  router.delete('/admin/submissions/:id', admin, async (req, res) => {
    const { id } = parseInput(contributionIdParams, req.params, 'params');
    const { position } = await handle(ctx, submissions, {
      type: 'DeleteSubmission',
      submissionId: id,
      by: adminSessionOf(req).username,
      at: now(),
    });
    res.json(done(position));
  });

  return router;
};
