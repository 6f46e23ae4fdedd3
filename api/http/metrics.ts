import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request, RequestHandler } from 'express';
import type { Metrics } from '../../infra/metrics';
import { notLocal } from './local-only';

export type MetricsAccess =
  { allowed: true } | { allowed: false; status: 401 | 403; title: string; detail: string };

const sameSecret = (given: string, expected: string) =>
  timingSafeEqual(
    createHash('sha256').update(given).digest(),
    createHash('sha256').update(expected).digest(),
  );

/**
 * Who may read /metrics: with METRICS_TOKEN, whoever sends it as a bearer token (Prometheus'
 * `authorization` setting), under any Host (a scraper names the service its own way, and a
 * page on another site cannot send the token); without, only a local request (the guard in
 * local-only.ts: loopback peer, no forwarding header, a loopback Host against DNS rebinding).
 */
export const metricsAccess = (req: IncomingMessage, token: string | undefined): MetricsAccess => {
  if (token) {
    const sent = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1]?.trim();
    if (sent && sameSecret(sent, token)) return { allowed: true };
    return {
      allowed: false,
      status: 401,
      title: 'Token required',
      detail: 'Send the METRICS_TOKEN as a bearer token to read the metrics.',
    };
  }
  if (notLocal(req) === null) return { allowed: true };
  return {
    allowed: false,
    status: 403,
    title: 'Local only',
    detail: 'Metrics answer only on this machine; set METRICS_TOKEN to read them from elsewhere.',
  };
};

/** GET /metrics for any Node HTTP server (the API's Express app and the projector's own). */
export const serveMetrics = async (
  metrics: Metrics,
  token: string | undefined,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> => {
  const access = metricsAccess(req, token);
  if (!access.allowed) {
    res.writeHead(access.status, {
      'Content-Type': 'application/problem+json',
      'Cache-Control': 'no-store',
      ...(access.status === 401 ? { 'WWW-Authenticate': 'Bearer realm="metrics"' } : {}),
    });
    res.end(
      JSON.stringify({
        type: 'about:blank',
        title: access.title,
        status: access.status,
        detail: access.detail,
      }),
    );
    return;
  }
  const body = await metrics.registry.metrics();
  res.writeHead(200, {
    'Content-Type': metrics.registry.contentType,
    'Cache-Control': 'no-store',
  });
  res.end(body);
};

export const metricsRoute =
  (metrics: Metrics, token: string | undefined): RequestHandler =>
  (req, res, next) => {
    serveMetrics(metrics, token, req, res).catch(next);
  };

/**
 * Remembers the pattern of the route that took the request (`/api/responses/:id/echo`) as
 * the router assigns it, with the base path of that moment (a router restores its base once
 * the request leaves it, say for the error handler). Never the path a client sent: ids would
 * make a series per person. Requests no route took (files, unknown paths) share one label.
 */
const followRoute = (req: Request) => {
  let route: unknown = req.route;
  let label = 'unrouted';
  Object.defineProperty(req, 'route', {
    configurable: true,
    enumerable: true,
    get: () => route,
    set: (value: { path?: unknown } | undefined) => {
      route = value;
      label = typeof value?.path === 'string' ? `${req.baseUrl}${value.path}` : 'ui-page';
    },
  });
  return () => label;
};

/** Observes every request's duration by route pattern, method and status. */
export const httpMetrics =
  (metrics: Metrics): RequestHandler =>
  (req, res, next) => {
    const stop = metrics.http.startTimer();
    const routeOf = followRoute(req);
    res.once('close', () => {
      stop({
        method: req.method,
        route: routeOf(),
        status: res.writableFinished ? String(res.statusCode) : 'aborted',
      });
    });
    next();
  };
