import { Router } from 'express';
import type { ContactDto } from '../../domain/contracts/site';
import type { AppContext } from '../context';

/** How to reach the operator, as configured (CONTACT_EMAIL, PRIVACY_EMAIL): the same for anyone. */
export const contactOf = (ctx: AppContext): ContactDto =>
  ctx.contact ?? { email: null, privacyEmail: null };

/** What anyone may know about this Boon itself. */
export const siteRoutes = (ctx: AppContext) => {
  const router = Router();
  router.get('/site/contact', (_req, res) => {
    res.json(contactOf(ctx));
  });
  return router;
};
