import type { Router } from 'express';
import type { AppContext } from '../context';
import { accountEmailRoutes } from './account-email';
import { adminAdminRoutes } from './admin-admins';
import { adminAuditRoutes } from './admin-audit';
import { adminAuthRoutes } from './admin-auth';
import { adminContributionRoutes } from './admin-contributions';
import { adminQuestionRoutes } from './admin-questions';
import { adminMiniRoutes } from './admin-mini';
import { adminSentimentRoutes } from './admin-sentiment';
import { archiveRoutes } from './archive';
import { authRoutes } from './auth';
import { contributionRoutes } from './contributions';
import { echoRoutes } from './echoes';
import { identityRoutes } from './identity';
import { miniRoutes } from './mini';
import { miniChatRoutes } from './mini-chat';
import { journalRoutes } from './journal';
import { opinionRoutes } from './opinions';
import { privacyRoutes } from './privacy';
import { profileRoutes } from './profile';
import { progressRoutes } from './progress';
import { questionRoutes } from './questions';
import { reactionRoutes } from './reactions';
import { reminderRoutes } from './reminders';
import { profileBioRoutes } from './profile-bio';
import { replyRoutes } from './replies';
import { reportRoutes } from './reports';
import { adminReportRoutes } from './admin-reports';
import { responseRoutes } from './responses';
import { sentimentRoutes } from './sentiment';
import { settingsRoutes } from './settings';
import { sharedResponseRoutes } from './shared-responses';
import { notificationRoutes } from './notifications';
import { pushRoutes } from './push';
import { siteRoutes } from './site';

/** One feature's routes under /api, built from the app's context. */
export type RouteModule = (ctx: AppContext) => Router;

/** Every feature's routes, registered in this order. A new feature adds its module here. */
export const apiRoutes: readonly RouteModule[] = [
  questionRoutes,
  responseRoutes,
  echoRoutes,
  reactionRoutes,
  sentimentRoutes,
  replyRoutes,
  sharedResponseRoutes,
  opinionRoutes,
  identityRoutes,
  settingsRoutes,
  authRoutes,
  accountEmailRoutes,
  adminAuthRoutes,
  miniRoutes,
  miniChatRoutes,
  contributionRoutes,
  adminContributionRoutes,
  adminAuditRoutes,
  adminQuestionRoutes,
  adminMiniRoutes,
  adminSentimentRoutes,
  adminAdminRoutes,
  progressRoutes,
  journalRoutes,
  archiveRoutes,
  siteRoutes,
  privacyRoutes,
  profileRoutes,
  reminderRoutes,
  profileBioRoutes,
  reportRoutes,
  adminReportRoutes,
  notificationRoutes,
  pushRoutes,
];
