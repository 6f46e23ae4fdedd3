import { Router } from 'express';
import { z } from 'zod';
import type { JournalEntryDto, JournalWriteResult } from '../../domain/contracts/journal';
import {
  journalDeleteBody,
  journalEntryEditBody,
  newJournalEntryBody,
} from '../../domain/contracts/schemas/journal';
import { journals } from '../../domain/journal/journal';
import { productDayOf } from '../../domain/shared/product-day';
import { journalProjection, type JournalEntryDoc } from '../../projections/journal';
import { handle } from '../commands/run';
import type { AppContext } from '../context';
import { identifyReader, participantOf, readerOf, requireRegistered } from '../http/guards';
import { requestKeyOf } from '../http/idempotency';
import { parseInput } from '../http/validation';

/** The newest entries a list answers with: years of daily writing. */
export const JOURNAL_LIST_MAX = 1000;

const entryParams = z.object({ id: z.string().min(1).max(100) });
const listQuery = z.object({
  q: z.string().max(200, 'q must be at most 200 characters').optional(),
});

const toDto = (doc: JournalEntryDoc): JournalEntryDto => ({
  id: doc._id,
  title: doc.title,
  content: doc.content,
  mood: doc.mood,
  tags: doc.tags,
  entryType: doc.entryType,
  isPrivate: true,
  createdAt: doc.createdAt,
  updatedAt: doc.updatedAt,
});

const matches = (doc: JournalEntryDoc, words: string[]) => {
  const text = [doc.title ?? '', doc.content, doc.mood ?? '', ...doc.tags].join('\n').toLowerCase();
  return words.every((word) => text.includes(word));
};

/**
 * The private journal. The owner is always the caller (a `userId` in a body is ignored), and
 * entries live in the owner's own stream, so another person's entry id is simply not found.
 */
export const journalRoutes = (ctx: AppContext) => {
  const router = Router();
  const entries = () => ctx.readModels.of(journalProjection).journal_entries;

  router.get('/journal', identifyReader(ctx), async (req, res) => {
    const { q } = parseInput(listQuery, req.query, 'query');
    const reader = readerOf(req);
    if (!reader) return res.json([]);
    const docs = await entries().find(
      { personId: reader.userId },
      { sort: { createdAt: -1 }, limit: JOURNAL_LIST_MAX },
    );
    const words = (q ?? '').toLowerCase().split(/\s+/).filter(Boolean);
    res.json(docs.filter((doc) => matches(doc, words)).map(toDto));
  });

  /** "On this day": entries written on this day of the month in earlier months and years. */
  router.get('/journal/on-this-day', identifyReader(ctx), async (req, res) => {
    const reader = readerOf(req);
    if (!reader) return res.json([]);
    const today = productDayOf(ctx.clock.now(), ctx.dayRules);
    const docs = await entries().find(
      { personId: reader.userId, dayOfMonth: today.slice(8) },
      { sort: { createdAt: -1 }, limit: JOURNAL_LIST_MAX },
    );
    res.json(docs.filter((doc) => doc.day < today).map(toDto));
  });

  router.post('/journal', requireRegistered(ctx), async (req, res) => {
    const body = parseInput(newJournalEntryBody, req.body);
    const owner = participantOf(req);
    const once = requestKeyOf(req, owner.userId, 'WriteJournalEntry', body);
    const entryId = once?.newId('entry') ?? ctx.newId();
    const { events, position } = await handle(
      ctx,
      journals(ctx.dayRules),
      {
        type: 'WriteJournalEntry',
        entryId,
        personId: owner.userId,
        title: body.title,
        content: body.content,
        mood: body.mood,
        tags: body.tags,
        entryType: body.entryType ?? 'daily_reflection',
        at: ctx.clock.now(),
      },
      once,
    );
    const written = events[0];
    if (written?.type !== 'JournalEntryWritten') throw new Error('Unexpected event');
    const { data } = written;
    const result: JournalWriteResult = {
      position: position?.toString() ?? null,
      entry: {
        id: entryId,
        title: data.title,
        content: data.content ?? '',
        mood: data.mood,
        tags: data.tags ?? [],
        entryType: data.entryType,
        isPrivate: true,
        createdAt: data.at,
        updatedAt: data.at,
      },
    };
    res.status(201).json(result);
  });

  router.put('/journal/:id', requireRegistered(ctx), async (req, res) => {
    const { id } = parseInput(entryParams, req.params, 'params');
    const body = parseInput(journalEntryEditBody, req.body);
    const owner = participantOf(req);
    const { events, position } = await handle(ctx, journals(ctx.dayRules), {
      type: 'EditJournalEntry',
      entryId: id,
      personId: owner.userId,
      title: body.title,
      content: body.content,
      mood: body.mood,
      tags: body.tags,
      at: ctx.clock.now(),
    });
    const edited = events[0];
    if (edited?.type !== 'JournalEntryEdited') throw new Error('Unexpected event');
    if (position !== null) await ctx.readModels.waitFor(position, ['journal'], ctx.readWaitMs);
    const doc = await entries().findOne({ _id: id });
    res.json({
      position: position?.toString() ?? null,
      entry: doc && toDto(doc),
    });
  });

  router.delete('/journal/:id', requireRegistered(ctx), async (req, res) => {
    const { id } = parseInput(entryParams, req.params, 'params');
    parseInput(journalDeleteBody, req.body ?? {});
    const owner = participantOf(req);
    const { position } = await handle(ctx, journals(ctx.dayRules), {
      type: 'DeleteJournalEntry',
      entryId: id,
      personId: owner.userId,
      at: ctx.clock.now(),
    });
    res.json({ position: position?.toString() ?? null });
  });

  return router;
};
