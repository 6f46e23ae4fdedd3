import { Router, type Request } from 'express';
import {
  agreementBody,
  settingsPatchBody,
  type SettingsDto,
} from '../../domain/contracts/settings';
import { agreementsDecider, agreementsStreamId } from '../../domain/identity/agreements';
import { deviceDecider, deviceStreamId } from '../../domain/identity/devices';
import { notFound } from '../../domain/shared/errors';
import type { DeviceDoc } from '../../projections/identity';
import { runCommand } from '../commands/run';
import type { AppContext } from '../context';
import { deviceOf, ownDeviceInPath, type Device } from '../http/identity';
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
    const { position } = await runCommand(ctx, deviceStreamId(device.deviceHash), deviceDecider, {
      type: 'ChangeSettings',
      deviceHash: device.deviceHash,
      showActivity: body.showActivity,
      at: ctx.clock.now(),
    });
    if (position !== null) await ctx.readModels.waitFor(position, ['identity'], ctx.readWaitMs);
    res.json({ ...(await settingsOf(device)), position: position?.toString() ?? null });
  });

  router.post('/user-agreements', async (req, res) => {
    const device = deviceOf(req);
    const body = parseInput(agreementBody, req.body);
    const { position } = await runCommand(
      ctx,
      agreementsStreamId(device.deviceHash),
      agreementsDecider,
      {
        type: 'RecordAgreement',
        deviceHash: device.deviceHash,
        agreementType: body.agreementType,
        agreementVersion: body.agreementVersion,
        at: ctx.clock.now(),
      },
    );
    res
      .status(position === null ? 200 : 201)
      .json({ ...body, position: position?.toString() ?? null });
  });

  return router;
};
