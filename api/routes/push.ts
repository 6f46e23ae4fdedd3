import { createHash } from 'node:crypto';
import { Router } from 'express';
import type { PushPublicKeyDto } from '../../domain/contracts/notifications';
import {
  pushSubscriptionBody,
  pushUnsubscribeBody,
} from '../../domain/contracts/schemas/notifications';
import { notifications } from '../../domain/notifications/notifications';
import { handle } from '../commands/run';
import type { AppContext } from '../context';
import { participantOf, requireRegistered } from '../http/guards';
import type { Quota } from '../http/quotas';
import { parseInput } from '../http/validation';
import { checkEndpoint } from '../push/endpoint-guard';

/** Subscriptions made or ended per person: a few devices, now and then, not thousands. */
const DEVICE_CHANGES: Quota = {
  name: 'push-devices',
  max: 30,
  windowMs: 60 * 60_000,
  what: 'push subscription changes',
};

/** Names a device by its endpoint without keeping the endpoint (a capability) in the clear. */
export const endpointHashOf = (endpoint: string) =>
  createHash('sha256').update(endpoint).digest('hex');

/**
 * Web Push for the caller's devices: the application server's public key (a browser subscribes
 * with it), and subscribing or unsubscribing one of their browsers. An endpoint the server
 * would not send to (not https, or not on a public host) is refused here already: a 400
 * naming `endpoint`, and nothing appended.
 */
export const pushRoutes = (ctx: AppContext) => {
  const router = Router();

  router.get('/push/public-key', (_req, res) => {
    const key: PushPublicKeyDto = { publicKey: ctx.push.keys.publicKey };
    res.json(key);
  });

  router.post('/push/subscriptions', requireRegistered(ctx), async (req, res) => {
    const body = parseInput(pushSubscriptionBody, req.body);
    const personId = participantOf(req).userId;
    ctx.quotas.enforce(res, DEVICE_CHANGES, personId);
    await checkEndpoint(body.endpoint, ctx.push.policy, ctx.push.resolve);
    ctx.quotas.spend(DEVICE_CHANGES, personId);
    const { position } = await handle(ctx, notifications, {
      type: 'SubscribePush',
      personId,
      endpointHash: endpointHashOf(body.endpoint),
      subscription: { endpoint: body.endpoint, keys: body.keys },
      at: ctx.clock.now(),
    });
    res.status(201).json({ position: position?.toString() ?? null });
  });

  router.delete('/push/subscriptions', requireRegistered(ctx), async (req, res) => {
    const { endpoint } = parseInput(pushUnsubscribeBody, req.body);
    const personId = participantOf(req).userId;
    ctx.quotas.enforce(res, DEVICE_CHANGES, personId);
    // Only the caller's own devices are theirs to end: another's endpoint changes nothing.
    const { position } = await handle(ctx, notifications, {
      type: 'UnsubscribePush',
      personId,
      endpointHash: endpointHashOf(endpoint),
      reason: 'unsubscribed',
      at: ctx.clock.now(),
    });
    if (position !== null) ctx.quotas.spend(DEVICE_CHANGES, personId);
    res.json({ position: position?.toString() ?? null });
  });

  return router;
};
