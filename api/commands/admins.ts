import {
  ADMIN_ACCOUNTS_STREAM,
  activeAdmins,
  adminAccountsDecider,
  type AdminAccountEvent,
} from '../../domain/admins/admins';
import { fold } from '../../domain/shared/decider';
import type { AppContext } from '../context';

/** Who the admins are, as their stream records it (the authority). */
export const adminAccountsState = async (ctx: Pick<AppContext, 'events'>) =>
  fold(
    adminAccountsDecider,
    (await ctx.events.readStream(ADMIN_ACCOUNTS_STREAM)) as unknown as AdminAccountEvent[],
  );

/** Whether the username may act as an admin now: removed admins stop at once. */
export const isActiveAdmin = async (ctx: Pick<AppContext, 'events' | 'auth'>, username: string) =>
  activeAdmins(await adminAccountsState(ctx), ctx.auth.admin?.username ?? null).includes(username);
