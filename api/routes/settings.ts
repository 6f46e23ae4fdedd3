import { Router, type Request } from 'express';
import {
  AGREEMENT_VERSION,
  type ConsentDto,
  type SettingsDto,
} from '../../domain/contracts/settings';
import { agreementBody, settingsPatchBody } from '../../domain/contracts/schemas/settings';
import { agreements, consentDecision } from '../../domain/identity/agreements';
import { devices } from '../../domain/identity/devices';
import { notFound } from '../../domain/shared/errors';
import { consentProjection } from '../../projections/consent';
import type { DeviceDoc } from '../../projections/identity';
import { handle } from '../commands/run';
import type { AppContext } from '../context';
import { identifyReader, participantOf, readerOf, requireRegistered } from '../http/guards';
import { ownDeviceInPath, type Device } from '../http/identity';
import { AGREEMENTS_PER_ADDRESS, AGREEMENTS_PER_DEVICE } from '../http/quotas';
import { parseInput } from '../http/validation';

const ownDevice = (req: Request): Device => ownDeviceInPath(req, 'settings');

export const settingsRoutes = (ctx: AppContext) => {
  const router = Router();

  const settingsOf = async (device: Device): Promise<SettingsDto> => {
    const doc = await ctx.readModels
      .collection<DeviceDoc>('devices')
      .findOne({ _id: device.deviceHash });
    if (!doc) throw notFound('Not registered', 'This device is not registered yet.');
    return { showActivity: doc.showActivity ?? true, pseudonym: doc.pseudonym };
  };

  router.get('/user/settings/:deviceId', async (req, res) => {
    res.json(await settingsOf(ownDevice(req)));
  });

  router.patch('/user/settings/:deviceId', async (req, res) => {
    const device = ownDevice(req);
    const body = parseInput(settingsPatchBody, req.body);
    const { position } = await handle(ctx, devices, {
      type: 'ChangeSettings',
      deviceHash: device.deviceHash,
      showActivity: body.showActivity,
      at: ctx.clock.now(),
    });
    if (position !== null) await ctx.readModels.waitFor(position, ['identity'], ctx.readWaitMs);
    res.json({ ...(await settingsOf(device)), position: position?.toString() ?? null });
  });

  /**
   * The caller's consent, as recorded on them: a device of theirs that never answered the
   * question (a second browser of the same account) asks nothing when there is a decision.
   */
  router.get('/user/consent', identifyReader(ctx), async (req, res) => {
    const reader = readerOf(req);
    const doc = reader
      ? await ctx.readModels.of(consentProjection).consent_people.findOne({ _id: reader.userId })
      : null;
    const consent: ConsentDto = {
      decision: doc ? consentDecision((topic) => doc.latest[topic]?.type, AGREEMENT_VERSION) : null,
      version: AGREEMENT_VERSION,
    };
    res.json(consent);
  });

  /**
   * Consent of a registered person, recorded on them (the browser keeps a decision made before
   * registration and sends it after): only a change of decision is recorded, and each device
   * and address has a quota, so no one can grow the log at will.
   */
  router.post('/user-agreements', requireRegistered(ctx), async (req, res) => {
    const body = parseInput(agreementBody, req.body);
    const device = participantOf(req);
    const address = req.ip ?? 'unknown';
    ctx.quotas.enforce(res, AGREEMENTS_PER_DEVICE, device.deviceHash);
    ctx.quotas.enforce(res, AGREEMENTS_PER_ADDRESS, address);
    ctx.quotas.spend(AGREEMENTS_PER_DEVICE, device.deviceHash);
    ctx.quotas.spend(AGREEMENTS_PER_ADDRESS, address);
    const { position } = await handle(ctx, agreements, {
      type: 'RecordAgreement',
      personId: device.userId,
      deviceHash: device.deviceHash,
      agreementType: body.agreementType,
      agreementVersion: body.agreementVersion,
      at: ctx.clock.now(),
    });
    res
      .status(position === null ? 200 : 201)
      .json({ ...body, position: position?.toString() ?? null });
  });

  return router;
};
