import { Router, type Request, type Response } from 'express';
import type { ProfileDto } from '../../domain/contracts/profile';
import { notFound } from '../../domain/shared/errors';
import { identityProjection } from '../../projections/identity';
import { profileBioProjection } from '../../projections/profile-bio';
import type { AppContext } from '../context';
import { deviceOf, ownDeviceInPath, type Device } from '../http/identity';

/**
 * The profile header, always the caller's own: by their device in the path (`me` accepted,
 * anyone else's refused with 403, like settings), or with no id at all.
 */
export const profileRoutes = (ctx: AppContext) => {
  const router = Router();

  const profileOf = async (device: Device): Promise<ProfileDto> => {
    const doc = await ctx.readModels
      .of(identityProjection)
      .devices.findOne({ _id: device.deviceHash });
    if (!doc) throw notFound('Not registered', 'This device is not registered yet.');
    const bio = await ctx.readModels
      .of(profileBioProjection)
      .profile_bios.findOne({ _id: doc.userId });
    return {
      pseudonym: doc.pseudonym,
      memberSince: doc.registeredAt,
      bio: bio?.bio ?? null,
      hasAccount: doc.accountId !== undefined,
    };
  };
  const own = async (req: Request, res: Response) => {
    res.json(await profileOf(deviceOf(req)));
  };

  router.get('/user/profile/:deviceId', async (req, res) => {
    res.json(await profileOf(ownDeviceInPath(req, 'profile')));
  });
  router.get('/user/profile', own);
  router.get('/profile', own);

  return router;
};
