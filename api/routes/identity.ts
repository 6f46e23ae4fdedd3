import { Router } from 'express';
import type {
  DeviceRegistrationDto,
  GeneratePseudonymsDto,
  PseudonymDto,
} from '../../domain/contracts/identity';
import { setupBody } from '../../domain/contracts/schemas/identity';
import {
  deviceDecider,
  deviceStreamId,
  type RegisterDevice,
  devices,
} from '../../domain/identity/devices';
import type { DeviceEvent, PseudonymEvent } from '../../domain/identity/events';
import { isOfferablePseudonym } from '../../domain/identity/pseudonym-words';
import {
  pseudonymCandidates,
  pseudonymDecider,
  pseudonymKey,
  pseudonymStreamId,
  pseudonyms,
} from '../../domain/identity/pseudonyms';
import { fold } from '../../domain/shared/decider';
import { notFound } from '../../domain/shared/errors';
import { randomInt } from 'node:crypto';
import type { DeviceDoc, PseudonymDoc } from '../../projections/identity';
import { handle } from '../commands/run';
import type { AppContext } from '../context';
import { requireDevice, identifyReader, callerDevice, readerOf } from '../http/guards';
import { ownDeviceInPath } from '../http/identity';
import { REGISTRATIONS_PER_ADDRESS } from '../http/quotas';
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

const deviceState = async (ctx: AppContext, deviceHash: string) =>
  fold(
    deviceDecider,
    (await ctx.events.readStream(deviceStreamId(deviceHash))) as unknown as DeviceEvent[],
  );

/** Whether the device holding a name now is registered under it (else the hold can lapse). */
const holderRegisteredWith = async (ctx: AppContext, pseudonym: string) => {
  // A name the product never offers has no stream worth reading: the decider refuses it.
  if (!isOfferablePseudonym(pseudonym.trim())) return false;
  const held = fold(
    pseudonymDecider,
    (await ctx.events.readStream(pseudonymStreamId(pseudonym))) as unknown as PseudonymEvent[],
  );
  if (held.heldBy === null) return false;
  const holder = await deviceState(ctx, held.heldBy);
  return holder.pseudonym !== null && pseudonymKey(holder.pseudonym) === pseudonymKey(pseudonym);
};

/**
 * Setup writes to two streams: the pseudonym's (uniqueness), then the device's. Everything
 * that can refuse is asked first, so a refused setup writes nothing; when the registration
 * still fails after the name was reserved, the name is released (and a release that never
 * happened lapses: see RESERVATION_TTL_MS).
 */
const registerDevice = async (ctx: AppContext, registration: RegisterDevice) => {
  const { pseudonym, deviceHash, at } = registration;
  await handle(ctx, pseudonyms, {
    type: 'ReservePseudonym',
    pseudonym,
    deviceHash,
    holderRegisteredWithIt: await holderRegisteredWith(ctx, pseudonym),
    at,
  });
  try {
    return await handle(ctx, devices, registration);
  } catch (error) {
    await handle(ctx, pseudonyms, {
      type: 'ReleasePseudonym',
      pseudonym,
      deviceHash,
      at,
    }).catch((releaseError: unknown) =>
      ctx.logger.warn({ err: releaseError }, 'pseudonym not released; it lapses'),
    );
    throw error;
  }
};

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

  router.post('/user/setup', requireDevice, async (req, res) => {
    const body = parseInput(setupBody, req.body);
    const device = callerDevice(req);
    const registration: RegisterDevice = {
      type: 'RegisterDevice',
      deviceHash: device.deviceHash,
      userId: ctx.newId(),
      pseudonym: body.pseudonym,
      privacyConsent: body.privacyConsent,
      termsConsent: body.termsConsent,
      at: ctx.clock.now(),
    };
    // A device registered under another name is refused (409) before any name is reserved.
    const done =
      deviceDecider.decide(registration, await deviceState(ctx, device.deviceHash)).length === 0;
    const address = req.ip ?? 'unknown';
    if (!done) ctx.quotas.enforce(res, REGISTRATIONS_PER_ADDRESS, address);
    const { position } = done ? { position: null } : await registerDevice(ctx, registration);
    if (position !== null) ctx.quotas.spend(REGISTRATIONS_PER_ADDRESS, address);
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

  router.get('/device', identifyReader(ctx), async (req, res) => {
    const actor = readerOf(req);
    if (!actor) throw notFound('Not registered', 'This device is not registered yet.');
    res.json({ pseudonym: actor.pseudonym } satisfies PseudonymDto);
  });

  return router;
};
