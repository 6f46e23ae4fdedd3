import type { Router } from 'express';
import type { AppContext } from '../context';
import { accountEmailRoutes } from './account-email';
import { adminAuthRoutes } from './admin-auth';
import { archiveRoutes } from './archive';
import { authRoutes } from './auth';
import { echoRoutes } from './echoes';
import { identityRoutes } from './identity';
import { journalRoutes } from './journal';
import { progressRoutes } from './progress';
import { questionRoutes } from './questions';
import { replyRoutes } from './replies';
import { responseRoutes } from './responses';
import { settingsRoutes } from './settings';
import { sharedResponseRoutes } from './shared-responses';

/** One feature's routes under /api, built from the app's context. */
export type RouteModule = (ctx: AppContext) => Router;

/** Every feature's routes, registered in this order. A new feature adds its module here. */
export const apiRoutes: readonly RouteModule[] = [
  questionRoutes,
  responseRoutes,
  echoRoutes,
  replyRoutes,
  sharedResponseRoutes,
  identityRoutes,
  settingsRoutes,
  authRoutes,
  accountEmailRoutes,
  adminAuthRoutes,
  progressRoutes,
  journalRoutes,
  archiveRoutes,
];
