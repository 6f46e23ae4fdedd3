import { createHash, randomBytes } from 'node:crypto';
import { Router, type Response } from 'express';
import { z } from 'zod';
import {
  defaultReminderSettings,
  type CalendarFeedLink,
  type ReminderSaveResult,
  type ReminderSettings,
  type ReminderSettingsDto,
} from '../../domain/contracts/reminders';
import { reminderSettingsBody } from '../../domain/contracts/schemas/reminders';
import { reminders } from '../../domain/reminders/reminders';
import { notFound } from '../../domain/shared/errors';
import { remindersProjection } from '../../projections/reminders';
import { handle } from '../commands/run';
import type { AppContext } from '../context';
import { reminderCalendar } from '../reminders/calendar-feed';
import { identifyReader, participantOf, readerOf, requireRegistered } from '../http/guards';
import type { Quota } from '../http/quotas';
import { parseInput } from '../http/validation';

/** 32 random bytes, base64url: 43 characters. */
const feedParams = z.object({ token: z.string() });
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** Saves and new links per person: a person changes their mind a few times, not thousands. */
const REMINDER_CHANGES: Quota = {
  name: 'reminder-changes',
  max: 60,
  windowMs: 60 * 60_000,
  what: 'reminder changes',
};

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

const sendCalendar = (res: Response, ics: string, download: boolean) => {
  res.set('Content-Type', 'text/calendar; charset=utf-8');
  res.set('Cache-Control', 'private, no-cache');
  res.set('Referrer-Policy', 'no-referrer');
  if (download) res.set('Content-Disposition', 'attachment; filename="boon-reminders.ics"');
  res.send(ics);
};

/**
 * A person's reminders (always the caller's own) and their private calendar feed: a secret
 * link calendar apps subscribe to, kept only as a hash, ended or replaced by its owner.
 */
export const reminderRoutes = (ctx: AppContext) => {
  const router = Router();
  const view = () => ctx.readModels.of(remindersProjection);

  const settingsOf = async (personId: string | null) => {
    const doc = personId ? await view().reminder_settings.findOne({ _id: personId }) : null;
    const settings: ReminderSettings = doc?.saved ?? defaultReminderSettings(ctx.dayRules.timeZone);
    const dto: ReminderSettingsDto = {
      ...settings,
      calendarFeed: { active: Boolean(doc?.feedIssuedAt), issuedAt: doc?.feedIssuedAt ?? null },
    };
    return dto;
  };

  router.get('/user/reminders', identifyReader(ctx), async (req, res) => {
    res.json(await settingsOf(readerOf(req)?.userId ?? null));
  });

  router.put('/user/reminders', requireRegistered(ctx), async (req, res) => {
    const body = parseInput(reminderSettingsBody, req.body);
    const owner = participantOf(req);
    ctx.quotas.enforce(res, REMINDER_CHANGES, owner.userId);
    ctx.quotas.spend(REMINDER_CHANGES, owner.userId);
    const settings: ReminderSettings = {
      ...body,
      custom: body.custom.map((custom) => ({ ...custom, id: custom.id ?? ctx.newId() })),
    };
    const { position } = await handle(ctx, reminders, {
      type: 'ChangeReminderSettings',
      personId: owner.userId,
      settings,
      at: ctx.clock.now(),
    });
    if (position !== null) await ctx.readModels.waitFor(position, ['reminders'], ctx.readWaitMs);
    const result: ReminderSaveResult = {
      ...(await settingsOf(owner.userId)),
      position: position?.toString() ?? null,
    };
    res.json(result);
  });

  /** Makes a new feed link (ending the previous one); the link is in this answer only. */
  router.post('/user/reminders/calendar-token', requireRegistered(ctx), async (req, res) => {
    const owner = participantOf(req);
    ctx.quotas.enforce(res, REMINDER_CHANGES, owner.userId);
    ctx.quotas.spend(REMINDER_CHANGES, owner.userId);
    const token = randomBytes(32).toString('base64url');
    const at = ctx.clock.now();
    const { position } = await handle(ctx, reminders, {
      type: 'IssueCalendarFeed',
      personId: owner.userId,
      tokenHash: hashOf(token),
      at,
    });
    const link: CalendarFeedLink = {
      path: `/api/calendar/${token}.ics`,
      issuedAt: at.toISOString(),
      position: position?.toString() ?? null,
    };
    res.status(201).json(link);
  });

  router.delete('/user/reminders/calendar-token', requireRegistered(ctx), async (req, res) => {
    const owner = participantOf(req);
    const { position } = await handle(ctx, reminders, {
      type: 'RevokeCalendarFeed',
      personId: owner.userId,
      at: ctx.clock.now(),
    });
    res.json({ position: position?.toString() ?? null });
  });

  /** A one-off download of the caller's reminders. */
  router.get('/user/reminders.ics', identifyReader(ctx), async (req, res) => {
    const reader = readerOf(req);
    const settings = await settingsOf(reader?.userId ?? null);
    sendCalendar(
      res,
      reminderCalendar(reader?.userId ?? 'anonymous', settings, ctx.clock.now()),
      true,
    );
  });

  /** The subscription feed: the token is the only credential, and it names nobody. */
  router.get('/calendar/:token.ics', async (req, res) => {
    const { token } = parseInput(feedParams, req.params, 'params');
    const missing = () =>
      notFound('Calendar not found', 'This calendar link does not exist or has ended.');
    if (!TOKEN_PATTERN.test(token)) throw missing();
    const feed = await view().calendar_feeds.findOne({ _id: hashOf(token) });
    if (!feed) throw missing();
    const settings = await settingsOf(feed.personId);
    sendCalendar(res, reminderCalendar(feed.personId, settings, ctx.clock.now()), false);
  });

  return router;
};
