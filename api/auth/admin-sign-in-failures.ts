import type { Request } from 'express';
import {
  adminSignInFailures,
  failureWindowOf,
  isRecordedCount,
} from '../../domain/admins/sign-in-failures';
import { handle } from '../commands/run';
import type { AppContext } from '../context';
import { addressClassOf } from './address-class';

/**
 * Counts this process's failed admin sign-ins per hour, name tried and address class, and
 * records the counts worth an audit line (1, 2, 4, 8, …). The counts live in memory: there are
 * at most (admins + 1) × 3 of them an hour, since every name no admin has counts as one.
 * `knownAdmin` is null for such a name: what a stranger typed is never written down.
 */
export const createAdminFailureRecorder = (ctx: AppContext) => {
  const counts = new Map<string, number>();
  let window = '';
  return async (req: Request, knownAdmin: string | null) => {
    const at = ctx.clock.now();
    if (failureWindowOf(at) !== window) {
      counts.clear();
      window = failureWindowOf(at);
    }
    const addressClass = addressClassOf(req.ip);
    const key = `${knownAdmin ?? ''}\n${addressClass}`;
    const failures = (counts.get(key) ?? 0) + 1;
    counts.set(key, failures);
    if (!isRecordedCount(failures)) return;
    try {
      await handle(ctx, adminSignInFailures, {
        type: 'RecordAdminSignInFailures',
        username: knownAdmin,
        addressClass,
        failures,
        at,
      });
    } catch (err) {
      // The refusal stands either way; a count not written is written at the next one.
      ctx.logger.warn({ err }, 'a failed admin sign-in could not be recorded');
    }
  };
};
