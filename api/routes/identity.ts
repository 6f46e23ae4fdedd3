import { Router } from 'express';
import type {
  DeviceRegistrationDto,
  GeneratePseudonymsDto,
  PseudonymDto,
} from '../../domain/contracts/identity';
import { setupBody } from '../../domain/contracts/identity';
import { deviceDecider, deviceStreamId } from '../../domain/identity/devices';
import {
  pseudonymCandidates,
  pseudonymDecider,
  pseudonymKey,
  pseudonymStreamId,
} from '../../domain/identity/pseudonyms';
import { notFound } from '../../domain/shared/errors';
import { randomInt } from 'node:crypto';
import type { DeviceDoc, PseudonymDoc } from '../../projections/identity';
import { runCommand } from '../commands/run';
import type { AppContext } from '../context';
import { actorForQuery, deviceOf, ownDeviceInPath } from '../http/identity';
import { parseInput } from '../http/validation';

const secureRandom = () => randomInt(0, 2 ** 32) / 2 ** 32;

const OPTIONS = 3;
/** Candidates looked up together: by key, so each check is an index lookup, never a scan. */
const LOOKUP_BATCH = 8;

function* take<T>(items: Iterator<T>, count: number): Generator<T> {
  for (let i = 0; i < count; i++) {
    const next = items.next();
    if (next.done) return;
    yield next.value;
  }
}

export const identityRoutes = (ctx: AppContext) => {
  const router = Router();

  router.post('/user/generate-pseudonyms', async (_req, res) => {
    const inUse = ctx.readModels.collection<PseudonymDoc>('pseudonyms');
    const chosen = new Set<string>();
    const candidates = pseudonymCandidates(secureRandom);
    while (chosen.size < OPTIONS) {
      const batch = [...take(candidates, LOOKUP_BATCH)];
      if (batch.length === 0) break;
      const found = await Promise.all(
        batch.map((name) => inUse.findOne({ _id: pseudonymKey(name) })),
      );
      batch.forEach((name, i) => {
        if (!found[i] && chosen.size < OPTIONS) chosen.add(name);
      });
    }
    res.json({ pseudonyms: [...chosen] } satisfies GeneratePseudonymsDto);
  });

  router.post('/user/setup', async (req, res) => {
    const body = parseInput(setupBody, req.body);
    const device = deviceOf(req);
    const at = ctx.clock.now();
    // The pseudonym's own stream makes it unique; the device stream then records the registration.
    await runCommand(ctx, pseudonymStreamId(body.pseudonym), pseudonymDecider, {
      type: 'ReservePseudonym',
      pseudonym: body.pseudonym,
      deviceHash: device.deviceHash,
      at,
    });
    const { position } = await runCommand(ctx, deviceStreamId(device.deviceHash), deviceDecider, {
      type: 'RegisterDevice',
      deviceHash: device.deviceHash,
      userId: ctx.newId(),
      pseudonym: body.pseudonym,
      privacyConsent: body.privacyConsent,
      termsConsent: body.termsConsent,
      at,
    });
    const result: DeviceRegistrationDto & { position: string | null } = {
      deviceId: device.deviceId,
      pseudonym: body.pseudonym.trim(),
      isRegistered: true,
      position: position?.toString() ?? null,
    };
    res.status(position === null ? 200 : 201).json(result);
  });

  router.get('/device/:deviceId/pseudonym', async (req, res) => {
    const caller = ownDeviceInPath(req, 'pseudonym');
    const doc = await ctx.readModels
      .collection<DeviceDoc>('devices')
      .findOne({ _id: caller.deviceHash });
    if (!doc) throw notFound('Not registered', 'This device is not registered yet.');
    res.json({ pseudonym: doc.pseudonym } satisfies PseudonymDto);
  });

  router.get('/device', async (req, res) => {
    const actor = await actorForQuery(ctx, req);
    if (!actor) throw notFound('Not registered', 'This device is not registered yet.');
    res.json({ pseudonym: actor.pseudonym } satisfies PseudonymDto);
  });

  return router;
};
