import { Router, type Response } from 'express';
import { z } from 'zod';
import { sessions } from '../../domain/accounts/sessions';
import type { DeleteDataResult } from '../../domain/contracts/privacy';
import { deleteDataBody } from '../../domain/contracts/schemas/privacy';
import { pseudonyms } from '../../domain/identity/pseudonyms';
import { erasures } from '../../domain/privacy/erasure';
import { journalAsMarkdown } from '../../domain/privacy/journal-markdown';
import { deviceStateOf } from '../auth/device-link';
import { handle } from '../commands/run';
import type { AppContext } from '../context';
import { accountSessionOf } from '../http/bearer';
import { callerDevice, identifyReader, readerOf, requireDevice } from '../http/guards';
import { parseInput } from '../http/validation';
import { exportOf } from './privacy-export';

const exportQuery = z.strictObject({
  format: z.enum(['json', 'markdown'], { error: 'format must be "json" or "markdown"' }).optional(),
});

const download = (res: Response, filename: string, type: string) =>
  res.set('Cache-Control', 'no-store').type(type).attachment(filename);

/**
 * The caller's own data: everything Boon holds about them as a download, and its erasure.
 * Both act on the calling device's person only; nothing here takes a person's id as input.
 */
export const privacyRoutes = (ctx: AppContext) => {
  const router = Router();

  router.get('/user/export', identifyReader(ctx), async (req, res) => {
    const { format } = parseInput(exportQuery, req.query, 'query');
    const data = await exportOf(ctx, readerOf(req));
    const day = data.exportedAt.slice(0, 10);
    if (format === 'markdown') {
      download(res, `boon-journal-${day}.md`, 'text/markdown; charset=utf-8').send(
        journalAsMarkdown(data.profile?.pseudonym ?? null, data.journal),
      );
      return;
    }
    download(res, `boon-data-${day}.json`, 'application/json').send(JSON.stringify(data, null, 2));
  });

  /**
   * Erasure, in an order that a retry completes: the person's keys go first (every sealed
   * field of theirs in the log becomes unreadable at once), then `PersonErased` on the device's
   * stream (read models forget them; the device is fresh again), then their pseudonym is freed
   * and the calling session ends. A device that holds no one has nothing left to erase.
   */
  router.delete('/user/data', requireDevice, async (req, res) => {
    parseInput(deleteDataBody, req.body ?? {});
    const device = callerDevice(req);
    const session = req.get('authorization') ? await accountSessionOf(ctx, req) : null;
    const state = await deviceStateOf(ctx, device.deviceHash);
    if (state.userId === null || state.pseudonym === null) {
      res.json({ erased: false, position: null } satisfies DeleteDataResult);
      return;
    }
    await ctx.auth.vault.destroy(state.userId);
    if (state.accountId !== null) await ctx.auth.vault.destroy(state.accountId);
    const erased = await handle(ctx, erasures, {
      type: 'EraseMyData',
      deviceHash: device.deviceHash,
      at: ctx.clock.now(),
    });
    const released = await handle(ctx, pseudonyms, {
      type: 'ReleasePseudonym',
      pseudonym: state.pseudonym,
      deviceHash: device.deviceHash,
      at: ctx.clock.now(),
    });
    if (session) {
      await handle(ctx, sessions, {
        type: 'EndSession',
        familyId: session.familyId,
        at: ctx.clock.now(),
      });
    }
    const position = released.position ?? erased.position;
    res.json({ erased: true, position: position?.toString() ?? null } satisfies DeleteDataResult);
  });

  return router;
};
