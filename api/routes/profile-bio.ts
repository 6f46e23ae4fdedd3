import { Router } from 'express';
import type { BioDto, BioSaveResult } from '../../domain/contracts/bio';
import { bioBody } from '../../domain/contracts/schemas/bio';
import { bios } from '../../domain/bio/bio';
import { profileBioProjection } from '../../projections/profile-bio';
import { handle } from '../commands/run';
import type { AppContext } from '../context';
import { identifyReader, participantOf, readerOf, requireRegistered } from '../http/guards';
import type { Quota } from '../http/quotas';
import { parseInput } from '../http/validation';

/** A person rewrites their bio a few times, not thousands: each change stays in the log. */
const BIO_CHANGES: Quota = {
  name: 'bio-changes',
  max: 60,
  windowMs: 60 * 60_000,
  what: 'bio changes',
};

/** The optional bio on a person's profile: always the caller's own, shown to them only. */
export const profileBioRoutes = (ctx: AppContext) => {
  const router = Router();
  const bioOf = async (personId: string | null): Promise<BioDto> => {
    const doc = personId
      ? await ctx.readModels.of(profileBioProjection).profile_bios.findOne({ _id: personId })
      : null;
    return { bio: doc?.bio ?? null };
  };

  router.get('/user/bio', identifyReader(ctx), async (req, res) => {
    res.json(await bioOf(readerOf(req)?.userId ?? null));
  });

  router.put('/user/bio', requireRegistered(ctx), async (req, res) => {
    const body = parseInput(bioBody, req.body);
    const owner = participantOf(req);
    ctx.quotas.enforce(res, BIO_CHANGES, owner.userId);
    ctx.quotas.spend(BIO_CHANGES, owner.userId);
    const { state, position } = await handle(ctx, bios, {
      type: 'SetBio',
      personId: owner.userId,
      bio: body.bio,
      at: ctx.clock.now(),
    });
    const result: BioSaveResult = { bio: state.bio, position: position?.toString() ?? null };
    res.json(result);
  });

  return router;
};
