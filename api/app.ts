import express, { type Express } from 'express';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AppContext } from './context';
import { httpMetrics, metricsRoute } from './http/metrics';
import { errorHandler, sendProblem } from './http/problems';
import { readYourWrites, readYourWritesModels } from './http/read-your-writes';
import { inlineScriptHashes, securityHeaders } from './http/security-headers';
import { requestContext } from './http/request-context';
import { devOutboxRoutes } from './routes/dev-outbox';
import { firstDataSource, missingPage } from './http/first-data';
import { pageRenderer } from './http/page-render';
import { compressedUi, SERVICE_WORKER, uiPageFor } from './http/ui-files';
import { healthRoutes } from './routes/health';
import { apiRoutes } from './routes';
import { opsRoutes } from './routes/ops';
import { testClockRoutes, type TestClock } from './routes/test-clock';

export type AppOptions = {
  /** The built UI to serve (index.html plus assets); omitted in API-only tests. */
  uiDir?: string;
  /** Express 'trust proxy': whose X-Forwarded-For names the client (rate limits use it). */
  trustProxy?: string | number | boolean;
  /** Lets /metrics answer other machines that send it as a bearer token. */
  metricsToken?: string;
  /** TEST_CLOCK only: mounts POST /api/test/clock (see routes/test-clock.ts). */
  testClock?: TestClock;
};

/** Builds the HTTP app from its dependencies; nothing global, so tests build as many as they like. */
export const createApp = (appContext: AppContext, options: AppOptions = {}): Express => {
  // Every read an HTTP request makes waits for its X-Min-Position (see read-your-writes.ts).
  const ctx: AppContext = {
    ...appContext,
    readModels: readYourWritesModels(
      appContext.readModels,
      appContext.events,
      appContext.readWaitMs,
    ),
  };
  const app = express();
  app.disable('x-powered-by');
  // No forwarding header is believed unless configured: the client address drives limits.
  app.set('trust proxy', options.trustProxy ?? false);
  if (ctx.metrics) {
    app.use(httpMetrics(ctx.metrics));
    app.get('/metrics', metricsRoute(ctx.metrics, options.metricsToken));
  }
  app.use(requestContext(ctx.logger));
  const shell =
    options.uiDir && existsSync(join(options.uiDir, 'index.html'))
      ? readFileSync(join(options.uiDir, 'index.html'), 'utf8')
      : '';
  app.use(securityHeaders(inlineScriptHashes(shell)));
  app.use(healthRoutes(ctx));
  app.use(opsRoutes(ctx));
  if (ctx.mail.outbox) app.use(devOutboxRoutes(ctx.mail.outbox));

  const api = express.Router();
  api.use(express.json({ limit: '64kb', strict: true }));
  api.use(readYourWrites());
  api.use((_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  for (const routes of apiRoutes) api.use(routes(ctx));
  if (options.testClock) api.use(testClockRoutes(ctx, options.testClock));
  api.use((req, res) =>
    sendProblem(req, res, {
      status: 404,
      title: 'Not found',
      detail: `No API route ${req.method} ${req.path}.`,
    }),
  );
  app.use('/api', api);

  if (options.uiDir && existsSync(join(options.uiDir, 'index.html'))) {
    const uiDir = options.uiDir;
    const render = pageRenderer(uiDir, firstDataSource(ctx), ctx.logger);
    const missing = missingPage(ctx);
    app.use(compressedUi(uiDir, render ?? undefined, missing));
    app.use(
      express.static(uiDir, {
        index: false,
        maxAge: '1h',
        // The service worker is asked for again on every visit: a new version is found at once.
        setHeaders: (res, file) => {
          if (file === join(uiDir, SERVICE_WORKER)) res.setHeader('Cache-Control', 'no-cache');
        },
      }),
    );
    // Client-side routes get their prerendered page or the app shell; unknown ones the
    // not-found page, with 404.
    app.get(/.*/, async (req, res) => {
      const { file, status } = await uiPageFor(uiDir, req.path, missing);
      res.setHeader('Cache-Control', 'no-cache');
      res.status(status).sendFile(file);
    });
  }

  app.use(errorHandler(ctx.logger));
  return app;
};
