import { answerAnalysisReactor } from './answer-analysis';
import { badgeAwardsReactor } from './badge-awards';
import type { Projection } from './engine/define';
import type { Reactor } from './engine/reactor';
import { contributionsProjection } from './contributions';
import { echoesProjection } from './echoes';
import { identityProjection } from './identity';
import { consentProjection } from './consent';
import { miniAdminProjection } from './mini-admin';
import { miniCatalogProjection } from './mini-catalog';
import { miniChatProjection } from './mini-chat';
import { miniLiveChatProjection } from './mini-live-chat';
import { miniResultsProjection } from './mini-results';
import { moderationAuditProjection } from './moderation-audit';
import { moderationQueueProjection } from './moderation-queue';
import { moderationReactor } from './moderation-reactor';
import { opinionsProjection } from './opinions';
import { badgesProjection } from './badges';
import { journalProjection } from './journal';
import { perspectivePairsProjection } from './perspective-pairs';
import { progressProjection } from './progress';
import { questionsProjection } from './questions';
import { reactionsProjection } from './reactions';
import { remindersProjection } from './reminders';
import { profileBioProjection } from './profile-bio';
import { repliesProjection } from './replies';
import { responseAnalysisProjection } from './response-analysis';
import { responsesByQuestionProjection } from './responses-by-question';
import { sentimentProjection } from './sentiment';
import { notificationsProjection } from './notifications';
import { pushSubscriptionsProjection } from './push-subscriptions';
import { reminderScheduleProjection } from './reminder-schedule';

/** Every read model, in one list: the engine runs them, the API reads them. */
export const allProjections: readonly Projection[] = [
  identityProjection,
  consentProjection,
  questionsProjection,
  responsesByQuestionProjection,
  repliesProjection,
  echoesProjection,
  perspectivePairsProjection,
  miniCatalogProjection,
  miniResultsProjection,
  miniChatProjection,
  miniLiveChatProjection,
  miniAdminProjection,
  contributionsProjection,
  moderationAuditProjection,
  reactionsProjection,
  sentimentProjection,
  responseAnalysisProjection,
  progressProjection,
  badgesProjection,
  journalProjection,
  remindersProjection,
  profileBioProjection,
  moderationQueueProjection,
  opinionsProjection,
  notificationsProjection,
  pushSubscriptionsProjection,
  reminderScheduleProjection,
];

/** Every reactor: processors of their own whose output is commands (badges, analysis). */
export const allReactors: readonly Reactor[] = [
  badgeAwardsReactor,
  answerAnalysisReactor,
  moderationReactor,
];
