import type { RequestHandler } from 'express';
import { randomUUID } from 'node:crypto';
import type { Logger } from '../../infra/logger';

declare module 'express-serve-static-core' {
  // Module augmentation has to be an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface Request {
    id: string;
  }
}

/** Gives every request an id (echoed as X-Request-Id) and logs its outcome. */
export const requestContext =
  (logger: Logger): RequestHandler =>
  (req, res, next) => {
    const incoming = req.get('x-request-id');
    req.id = incoming && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID();
    res.setHeader('X-Request-Id', req.id);
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const level = res.statusCode >= 500 ? 'error' : 'debug';
      logger[level](
        { requestId: req.id, method: req.method, path: req.path, status: res.statusCode, ms },
        'request',
      );
    });
    next();
  };
