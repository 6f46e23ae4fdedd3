import { createHash } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import webpush from 'web-push';
import type { PushMessage } from '../../domain/contracts/notifications';
import {
  checkEndpoint,
  type CheckedEndpoint,
  type EndpointPolicy,
  type Resolve,
} from './endpoint-guard';
import type { VapidKeys } from './vapid-keys';

/** A device to push to: its subscription as the browser made it. */
export type PushTarget = { endpoint: string; p256dh: string; auth: string };

/**
 * How a push went: taken by the push service; gone (404/410: the subscription expired or was
 * revoked, drop it); worth trying again later (429, 5xx, no answer); or refused for good.
 */
export type PushOutcome = 'delivered' | 'gone' | 'retry' | 'refused';

export type PushOptions = {
  /** How long the push service keeps it for a device that is offline (RFC 8030 TTL). */
  ttlSeconds: number;
  /** Names what it is about: the push service replaces an undelivered one of the same topic. */
  topic: string;
  urgency: 'very-low' | 'low' | 'normal' | 'high';
};

export type PushDelivery = {
  send(target: PushTarget, message: PushMessage, options: PushOptions): Promise<PushOutcome>;
  close(): void;
};

/** A VAPID JWT may live up to 24 hours; one is signed per push service for 12 and reused. */
const VAPID_TOKEN_SECONDS = 12 * 60 * 60;
const VAPID_RENEW_BEFORE_MS = 60 * 60_000;
const REQUEST_TIMEOUT_MS = 10_000;
const SOCKETS_PER_SERVICE = 64;

/** RFC 8030 topics are at most 32 base64url characters: a digest of what it is about. */
export const topicOf = (subject: string) =>
  createHash('sha256').update(subject).digest('base64url').slice(0, 32);

/** The connection goes to the address that was checked, whatever the name resolves to now. */
const pinnedLookup = (checked: CheckedEndpoint): LookupFunction =>
  ((_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [{ address: checked.address, family: checked.family }]);
    else callback(null, checked.address, checked.family);
  }) as LookupFunction;

const post = (
  checked: CheckedEndpoint,
  headers: http.OutgoingHttpHeaders,
  body: Buffer | null,
  agents: { http: http.Agent; https: https.Agent },
) =>
  new Promise<number>((resolve, reject) => {
    const { url } = checked;
    const secure = url.protocol === 'https:';
    const request = (secure ? https : http).request(
      {
        protocol: url.protocol,
        hostname: url.hostname,
        port: url.port || (secure ? 443 : 80),
        path: `${url.pathname}${url.search}`,
        method: 'POST',
        headers,
        agent: secure ? agents.https : agents.http,
        lookup: pinnedLookup(checked),
        timeout: REQUEST_TIMEOUT_MS,
        ...(secure ? { servername: url.hostname.replace(/^\[|\]$/g, '') } : {}),
      },
      (response) => {
        // Nothing in the answer matters but its status; a redirect is never followed.
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error('push service did not answer')));
    request.on('error', reject);
    request.end(body ?? undefined);
  });

const outcomeOf = (status: number): PushOutcome => {
  if (status >= 200 && status < 300) return 'delivered';
  if (status === 404 || status === 410) return 'gone';
  if (status === 429 || status >= 500) return 'retry';
  return 'refused';
};

/**
 * Sends Web Push messages (RFC 8030), encrypted for the subscription (RFC 8291, aes128gcm)
 * and signed with VAPID (RFC 8292) by `web-push`, over a request of our own: its own sender
 * speaks only https, and ours goes to the address the endpoint guard checked, with no redirect.
 */
export const createPushDelivery = (options: {
  keys: VapidKeys;
  subject: string;
  policy: EndpointPolicy;
  resolve?: Resolve;
  now?: () => number;
}): PushDelivery => {
  const now = options.now ?? Date.now;
  const agents = {
    http: new http.Agent({ keepAlive: true, maxSockets: SOCKETS_PER_SERVICE }),
    https: new https.Agent({ keepAlive: true, maxSockets: SOCKETS_PER_SERVICE }),
  };
  const tokens = new Map<string, { authorization: string; renewAt: number }>();

  /** The VAPID header for a push service (its origin is the JWT's `aud`). */
  const authorizationFor = (audience: string) => {
    const held = tokens.get(audience);
    if (held && held.renewAt > now()) return held.authorization;
    const expires = Math.floor(now() / 1000) + VAPID_TOKEN_SECONDS;
    const headers = webpush.getVapidHeaders(
      audience,
      options.subject,
      options.keys.publicKey,
      options.keys.privateKey,
      'aes128gcm',
      expires,
    );
    const authorization = String(headers.Authorization);
    tokens.set(audience, { authorization, renewAt: expires * 1000 - VAPID_RENEW_BEFORE_MS });
    return authorization;
  };

  return {
    send: async (target, message, { ttlSeconds, topic, urgency }) => {
      let checked: CheckedEndpoint;
      try {
        checked = await checkEndpoint(target.endpoint, options.policy, options.resolve);
      } catch {
        return 'refused';
      }
      const details = webpush.generateRequestDetails(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        JSON.stringify(message),
        {
          // No vapidDetails (and none set globally): the JWT is signed above, once per push
          // service rather than once per message.
          headers: { Authorization: authorizationFor(checked.url.origin) },
          TTL: ttlSeconds,
          topic,
          urgency,
          contentEncoding: 'aes128gcm',
        },
      );
      try {
        const status = await post(checked, details.headers, details.body, agents);
        return outcomeOf(status);
      } catch {
        return 'retry';
      }
    },
    close: () => {
      agents.http.destroy();
      agents.https.destroy();
    },
  };
};
