import type { IncomingMessage } from 'node:http';
import type { RequestHandler } from 'express';
import { DomainError, forbidden } from '../../domain/shared/errors';

/**
 * Headers a proxy adds to name the client, the host or the scheme it received. Any of them
 * means the request did not come straight from this machine, whatever its socket says: a
 * proxy on the same machine connects from loopback.
 */
const FORWARDING_HEADERS = new Set([
  'forwarded',
  'via',
  'x-real-ip',
  'x-client-ip',
  'true-client-ip',
  'cf-connecting-ip',
  'fastly-client-ip',
  'x-cluster-client-ip',
  'x-original-forwarded-for',
  'x-original-host',
  'x-host',
  // Vendors' own names for the client's address.
  'x-originating-ip',
  'x-remote-addr',
  'x-remote-ip',
  'client-ip',
  'x-proxyuser-ip',
  'fly-client-ip',
  'x-azure-clientip',
  'x-azure-socketip',
  'x-appengine-user-ip',
]);
/** Header families only a proxy adds (Envoy sets `x-envoy-external-address` and others). */
const FORWARDING_PREFIXES = ['x-forwarded', 'x-envoy-'];

const LOOPBACK_PEER = /^(?:127(?:\.\d{1,3}){3}|::1|::ffff:127(?:\.\d{1,3}){3})$/i;
/** Names only this machine answers to; a rebound DNS name (evil.example → 127.0.0.1) is not one. */
const LOOPBACK_HOST = /^(?:localhost|127(?:\.\d{1,3}){3}|\[::1\])(?::\d{1,5})?$/i;

/** Why a request is not a direct one from this machine, addressed to this machine. */
export type NotLocal = 'peer' | 'forwarded' | 'host';

export const forwardingHeaderOf = (req: IncomingMessage): string | null =>
  Object.keys(req.headers).find(
    (name) =>
      FORWARDING_HEADERS.has(name) || FORWARDING_PREFIXES.some((prefix) => name.startsWith(prefix)),
  ) ?? null;

export const hasLoopbackHost = (req: IncomingMessage) => LOOPBACK_HOST.test(req.headers.host ?? '');

/**
 * The one guard of every surface meant for this machine only (the development outbox,
 * operations, metrics without a token, the test clock): the socket's own peer is loopback
 * (never a forwarded address), no forwarding header came with it, and its Host is a loopback
 * name, so a page on another site cannot reach it by rebinding its name to 127.0.0.1.
 * Null when the request is local.
 */
export const notLocal = (req: IncomingMessage): NotLocal | null => {
  if (!LOOPBACK_PEER.test(req.socket.remoteAddress ?? '')) return 'peer';
  if (forwardingHeaderOf(req) !== null) return 'forwarded';
  if (!hasLoopbackHost(req)) return 'host';
  return null;
};

export const isLocalRequest = (req: IncomingMessage) => notLocal(req) === null;

/**
 * The header every operations call carries: a browser sends it cross-site only after a CORS
 * preflight, which this app never grants.
 */
export const OPS_HEADER = 'X-Boon-Ops';

const NOT_LOCAL_TO_OPERATORS: Record<NotLocal, string> = {
  peer: 'Operations are only available on the machine running Boon.',
  forwarded: 'Operations do not answer requests that came through a proxy.',
  host: 'Operations answer only when addressed to localhost.',
};

const refuse = (detail: string) => forbidden('Local only', detail);

/**
 * Operations for whoever runs Boon, on its machine: a local request (above), carrying the
 * operations header, and never from another site's page (Origin, when sent, is this one).
 */
export const localOperatorOnly: RequestHandler = (req, _res, next) => {
  const why = notLocal(req);
  if (why) return next(refuse(NOT_LOCAL_TO_OPERATORS[why]));
  const origin = req.get('origin');
  if (origin !== undefined && origin !== `http://${req.get('host') ?? ''}`) {
    return next(refuse('Operations do not answer requests made by web pages.'));
  }
  if (req.get(OPS_HEADER) !== '1') {
    return next(
      new DomainError(
        'forbidden',
        'Operations header required',
        `Send ${OPS_HEADER}: 1 (npm run projections does).`,
        OPS_HEADER,
      ),
    );
  }
  next();
};
