import {
  defaultNotificationSettings,
  type NotificationKind,
} from '../../domain/contracts/notifications';
import type { DataExportDto } from '../../domain/contracts/privacy';
import { consentStreamId, legacyAgreementsStreamId } from '../../domain/identity/agreements';
import type { AgreementRecordedData } from '../../domain/identity/events';
import { currentStreak } from '../../domain/progress/streaks';
import { productDayOf } from '../../domain/shared/product-day';
import { badgesProjection } from '../../projections/badges';
import { echoesProjection } from '../../projections/echoes';
import { identityProjection } from '../../projections/identity';
import { journalProjection } from '../../projections/journal';
import { notificationsProjection } from '../../projections/notifications';
import { progressProjection } from '../../projections/progress';
import { pushSubscriptionsProjection } from '../../projections/push-subscriptions';
import { reactionsProjection } from '../../projections/reactions';
import { remindersProjection } from '../../projections/reminders';
import { repliesProjection } from '../../projections/replies';
import { responsesByQuestionProjection } from '../../projections/responses-by-question';
import type { AppContext } from '../context';
import type { Actor } from '../http/identity';

const nothingHeld = (exportedAt: string): DataExportDto => ({
  exportedAt,
  profile: null,
  settings: null,
  agreements: [],
  streak: { current: 0, longest: 0, totalResponses: 0 },
  badges: [],
  responses: [],
  replies: [],
  echoesGiven: [],
  reactionsGiven: [],
  journal: [],
});

/**
 * The person's consent: recorded on them (a handful of events in their own stream, no read
 * model needed), and what this device recorded before consent moved to the person (v1), since
 * its current registration.
 */
const agreementsOf = async (ctx: AppContext, actor: Actor, since: string) => {
  const [legacy, personal] = await Promise.all([
    ctx.events.readStream(legacyAgreementsStreamId(actor.deviceHash)),
    ctx.events.readStream(consentStreamId(actor.userId)),
  ]);
  return [
    ...legacy.map((event) => event.data as AgreementRecordedData).filter((d) => d.at >= since),
    ...personal.map((event) => event.data as AgreementRecordedData),
  ].map((data) => ({ type: data.agreementType, version: data.agreementVersion, at: data.at }));
};

/** Everything Boon holds about one person, read from the read models; only theirs. */
export const exportOf = async (ctx: AppContext, actor: Actor | null): Promise<DataExportDto> => {
  const now = ctx.clock.now();
  if (!actor) return nothingHeld(now.toISOString());
  const personId = actor.userId;
  const models = ctx.readModels;
  const device = await models.of(identityProjection).devices.findOne({ _id: actor.deviceHash });
  if (!device) return nothingHeld(now.toISOString());
  const [notices, reminders, pushDevices] = await Promise.all([
    models.of(notificationsProjection).notification_settings.findOne({ _id: personId }),
    models.of(remindersProjection).reminder_settings.findOne({ _id: personId }),
    models.of(pushSubscriptionsProjection).push_subscriptions.count({ personId }),
  ]);
  const [progress, badges, responses, replies, echoes, reactions, journal, agreements] =
    await Promise.all([
      models.of(progressProjection).progress_people.findOne({ _id: personId }),
      models.of(badgesProjection).earned_badges.find({ personId }, { sort: { earnedAt: -1 } }),
      models.of(responsesByQuestionProjection).responses.find({ authorId: personId }),
      models.of(repliesProjection).replies.find({ authorId: personId }, { sort: { dateAdded: 1 } }),
      models.of(echoesProjection).echo_status.find({ actorId: personId }),
      models.of(reactionsProjection).reactions_given.find({ actorId: personId }),
      models.of(journalProjection).journal_entries.find({ personId }, { sort: { createdAt: -1 } }),
      agreementsOf(ctx, actor, device.registeredAt),
    ]);
  return {
    exportedAt: now.toISOString(),
    profile: { pseudonym: device.pseudonym, registeredAt: device.registeredAt },
    settings: {
      showActivity: device.showActivity ?? true,
      notifications: notices
        ? { muted: notices.muted as NotificationKind[], lockScreen: notices.lockScreen }
        : defaultNotificationSettings(),
      reminders: reminders?.saved ?? null,
      pushDevices,
    },
    agreements,
    streak: {
      current: currentStreak(progress?.latest ?? null, productDayOf(now, ctx.dayRules)),
      longest: progress?.longestStreak ?? 0,
      totalResponses: progress?.responses ?? 0,
    },
    badges: badges.map((b) => ({ id: b.badgeId, earnedAt: b.earnedAt })),
    responses: responses
      .sort((a, b) => a.dateAdded.localeCompare(b.dateAdded))
      .map((r) => ({
        id: r._id,
        questionId: r.questionId,
        question: r.questionContent,
        content: r.content,
        spectrumPosition: r.spectrumPosition,
        day: r.day,
        createdAt: r.dateAdded,
        echoCount: r.echoCount,
        replyCount: r.replyCount,
      })),
    replies: replies.map((r) => ({
      id: r._id,
      responseId: r.responseId,
      questionId: r.questionId,
      content: r.content,
      createdAt: r.dateAdded,
    })),
    echoesGiven: echoes.map((e) => ({ responseId: e.responseId })),
    reactionsGiven: reactions.map((r) => ({
      responseId: r.responseId,
      questionId: r.questionId,
      emoji: r.emoji,
    })),
    journal: journal.map((j) => ({
      id: j._id,
      title: j.title,
      content: j.content,
      mood: j.mood,
      tags: j.tags,
      entryType: j.entryType,
      day: j.day,
      createdAt: j.createdAt,
      updatedAt: j.updatedAt,
    })),
  };
};
