import { Router } from 'express';
import type {
  DeviceRegistrationDto,
  GeneratePseudonymsDto,
  PseudonymDto,
} from '../../domain/contracts/identity';
import { setupBody } from '../../domain/contracts/identity';
import { deviceDecider, deviceStreamId } from '../../domain/identity/devices';
import {
  generatePseudonyms,
  pseudonymDecider,
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

export const identityRoutes = (ctx: AppContext) => {
  const router = Router();

  router.post('/user/generate-pseudonyms', async (_req, res) => {
    const taken = new Set(
      (
        await ctx.readModels
          .collection<PseudonymDoc>('pseudonyms')
          .find({}, { projection: { _id: 1 } })
      ).map((p) => p._id),
    );
    const pseudonyms = generatePseudonyms(3, (key) => taken.has(key), secureRandom);
    res.json({ pseudonyms } satisfies GeneratePseudonymsDto);
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
