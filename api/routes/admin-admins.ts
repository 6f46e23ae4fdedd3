import { Router } from 'express';
import { adminAccounts, activeAdmins, assertCanAdd } from '../../domain/admins/admins';
import type { AdminDto } from '../../domain/contracts/admins';
import { addAdminBody, adminUsernameParams } from '../../domain/contracts/schemas/admins';
import { adminAccountsState } from '../commands/admins';
import { handle } from '../commands/run';
import type { AppContext } from '../context';
import { adminSessionOf, requireAdmin } from '../http/guards';
import { parseInput } from '../http/validation';
import { answerBusy } from '../auth/busy';

/**
 * Named admins: the first from configuration; admins add others (each with their own
 * password, hashed as members' are) and remove them, never themselves or the last one.
 */
export const adminAdminRoutes = (ctx: AppContext) => {
  const router = Router();
  const admin = requireAdmin(ctx);
  const configured = () => ctx.auth.admin?.username ?? null;

  router.get('/admin/admins', admin, async (req, res) => {
    const me = adminSessionOf(req).username;
    const names = activeAdmins(await adminAccountsState(ctx), configured());
    res.json(
      names.map((username): AdminDto => ({
        username,
        configured: username === configured(),
        isYou: username === me,
      })),
    );
  });

  router.post('/admin/admins', admin, async (req, res) => {
    const body = parseInput(addAdminBody, req.body);
    const by = adminSessionOf(req).username;
    // Refuse a taken name before paying for a hash.
    assertCanAdd(await adminAccountsState(ctx), configured(), body.username);
    const passwordHash = await ctx.auth.passwords.hash(body.password);
    const { position } = await handle(ctx, adminAccounts, {
      type: 'AddAdmin',
      username: body.username,
      passwordHash,
      configured: configured(),
      by,
      at: ctx.clock.now(),
    });
    res.status(201).json({ username: body.username, position: position?.toString() ?? null });
  });

  router.delete('/admin/admins/:username', admin, async (req, res) => {
    const { username } = parseInput(adminUsernameParams, req.params, 'params');
    const { position } = await handle(ctx, adminAccounts, {
      type: 'RemoveAdmin',
      username,
      configured: configured(),
      by: adminSessionOf(req).username,
      at: ctx.clock.now(),
    });
    res.json({ username, position: position?.toString() ?? null });
  });

  // Password work refused for a full queue or a shutdown: 503, never a 500.
  router.use(answerBusy);
  return router;
};
