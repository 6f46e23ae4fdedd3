import { Router } from 'express';
import { z } from 'zod';
import {
  defaultNotificationSettings,
  notificationLink,
  type MarkReadResult,
  type NotificationDto,
  type NotificationKind,
  type NotificationSettings,
  type NotificationSettingsDto,
  type NotificationSettingsSaveResult,
  type NotificationSummaryDto,
} from '../../domain/contracts/notifications';
import { badgeById } from '../../domain/badges/catalogue';
import {
  markReadBody,
  notificationSettingsBody,
} from '../../domain/contracts/schemas/notifications';
import { notifications } from '../../domain/notifications/notifications';
import { notificationsProjection, type NotificationDoc } from '../../projections/notifications';
import { pushSubscriptionsProjection } from '../../projections/push-subscriptions';
import { repliesProjection } from '../../projections/replies';
import { handle } from '../commands/run';
import type { AppContext } from '../context';
import { identifyReader, participantOf, readerOf, requireRegistered } from '../http/guards';
import { pageOf, sendPage } from '../http/paging';
import type { Quota } from '../http/quotas';
import { parseInput } from '../http/validation';

/** Where a page of the inbox ended: the last notification's place. */
const inboxKey = z.object({ order: z.string().regex(/^\d{20}$/) });

/** A reply's first words in the inbox: enough to know what it is about. */
const EXCERPT_CHARS = 160;

/** Settings saved per person: a person changes their mind a few times, not thousands. */
const SETTINGS_CHANGES: Quota = {
  name: 'notification-settings',
  max: 60,
  windowMs: 60 * 60_000,
  what: 'notification settings changes',
};

const excerptOf = (text: string) =>
  text.length > EXCERPT_CHARS ? `${text.slice(0, EXCERPT_CHARS).trimEnd()}…` : text;

/** A notification as its person sees it: pseudonyms only, never anyone's id. */
export const toNotificationDto = (
  doc: NotificationDoc,
  replyText: ReadonlyMap<string, string>,
  badgeName: (id: string) => string | null,
): NotificationDto => {
  const text = doc.replyId ? replyText.get(doc.replyId) : undefined;
  return {
    id: doc._id,
    kind: doc.kind,
    at: doc.at,
    read: doc.read === 1,
    actor: doc.actor,
    count: doc.count,
    excerpt: text === undefined ? null : excerptOf(text),
    thread: doc.thread,
    badge: doc.badgeId ? badgeName(doc.badgeId) : null,
    submission: doc.submission,
    link: notificationLink(doc),
  };
};

/**
 * The caller's inbox (newest first, paged), how much of it is unread, marking it read, and
 * their notification settings. Always the caller's own: another person's notification id is
 * simply not in it.
 */
export const notificationRoutes = (ctx: AppContext) => {
  const router = Router();
  const view = () => ctx.readModels.of(notificationsProjection);
  const unreadOf = (personId: string) => view().notification_items.count({ personId, read: 0 });

  /** The replies' words as the discussion shows them now (an erased name reads Anonymous). */
  const replyTexts = async (docs: NotificationDoc[]) => {
    const ids = docs.flatMap((doc) => (doc.replyId ? [doc.replyId] : []));
    if (ids.length === 0) return new Map<string, string>();
    const replies = await ctx.readModels.of(repliesProjection).replies.find({ _id: { $in: ids } });
    return new Map(replies.map((reply) => [reply._id, reply.content]));
  };

  router.get('/user/notifications', identifyReader(ctx), async (req, res) => {
    const { after, limit } = pageOf(req, inboxKey);
    const reader = readerOf(req);
    if (!reader) return sendPage(req, res, [], null, 0);
    const personId = reader.userId;
    const found = await view().notification_items.find(
      after ? { personId, order: { $lt: after.order } } : { personId },
      { sort: { order: -1 }, limit: limit + 1 },
    );
    const page = found.slice(0, limit);
    const texts = await replyTexts(page);
    const items = page.map((doc) =>
      toNotificationDto(doc, texts, (id) => badgeById(id)?.name ?? null),
    );
    sendPage(
      req,
      res,
      items,
      found.length > limit ? { order: page[page.length - 1]!.order } : null,
      await view().notification_items.count({ personId }),
    );
  });

  router.get('/user/notifications/summary', identifyReader(ctx), async (req, res) => {
    const reader = readerOf(req);
    const summary: NotificationSummaryDto = { unread: reader ? await unreadOf(reader.userId) : 0 };
    res.json(summary);
  });

  router.post('/user/notifications/read', requireRegistered(ctx), async (req, res) => {
    const { ids } = parseInput(markReadBody, req.body);
    const personId = participantOf(req).userId;
    // Only what is the caller's and still unread is marked: anything else changes nothing.
    const unread = await view().notification_items.find(
      ids ? { personId, read: 0, _id: { $in: ids } } : { personId, read: 0 },
      { limit: 1 },
    );
    let position: bigint | null = null;
    if (unread.length > 0) {
      ({ position } = await handle(ctx, notifications, {
        type: 'MarkNotificationsRead',
        personId,
        ids: ids ?? null,
        at: ctx.clock.now(),
      }));
      if (position !== null) {
        await ctx.readModels.waitFor(position, [notificationsProjection.name], ctx.readWaitMs);
      }
    }
    const result: MarkReadResult = {
      unread: await unreadOf(personId),
      position: position?.toString() ?? null,
    };
    res.json(result);
  });

  const settingsOf = async (personId: string | null): Promise<NotificationSettingsDto> => {
    if (!personId) return { ...defaultNotificationSettings(), devices: 0 };
    const [saved, devices] = await Promise.all([
      view().notification_settings.findOne({ _id: personId }),
      ctx.readModels.of(pushSubscriptionsProjection).push_subscriptions.count({ personId }),
    ]);
    const settings: NotificationSettings = saved
      ? { muted: saved.muted as NotificationKind[], lockScreen: saved.lockScreen }
      : defaultNotificationSettings();
    return { ...settings, devices };
  };

  router.get('/user/notification-settings', identifyReader(ctx), async (req, res) => {
    res.json(await settingsOf(readerOf(req)?.userId ?? null));
  });

  router.put('/user/notification-settings', requireRegistered(ctx), async (req, res) => {
    const { muted, lockScreen } = parseInput(notificationSettingsBody, req.body);
    const personId = participantOf(req).userId;
    ctx.quotas.enforce(res, SETTINGS_CHANGES, personId);
    ctx.quotas.spend(SETTINGS_CHANGES, personId);
    const { position } = await handle(ctx, notifications, {
      type: 'ChangeNotificationSettings',
      personId,
      settings: { muted, lockScreen },
      at: ctx.clock.now(),
    });
    if (position !== null) {
      await ctx.readModels.waitFor(position, [notificationsProjection.name], ctx.readWaitMs);
    }
    const result: NotificationSettingsSaveResult = {
      ...(await settingsOf(personId)),
      position: position?.toString() ?? null,
    };
    res.json(result);
  });

  return router;
};
