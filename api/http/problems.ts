import type { ErrorRequestHandler, Request, Response } from 'express';
import type { Problem } from '../../domain/contracts/problem';
import { DomainError, type DomainErrorKind } from '../../domain/shared/errors';
import type { Logger } from '../../infra/logger';
import { isServerUnreachable, isStatementTimeout } from '../../infra/postgres/pool';

/** Seconds a client is asked to wait when the database is out of reach (a restart, a cut). */
const STORE_RETRY_AFTER_SECONDS = 2;

const statusOf: Record<DomainErrorKind, number> = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  rejected: 422,
  limit: 429,
  unavailable: 503,
};

export const sendProblem = (
  req: Request,
  res: Response,
  problem: Omit<Problem, 'type' | 'requestId'>,
) => {
  res
    .status(problem.status)
    .type('application/problem+json')
    .json({
      type: 'about:blank',
      ...problem,
      requestId: req.id,
    } satisfies Problem);
};

type HttpError = Error & { status?: number; statusCode?: number; type?: string; expose?: boolean };

/** Body-parser and other HTTP-level errors a client causes. */
const clientHttpProblem = (error: HttpError): Omit<Problem, 'type' | 'requestId'> | null => {
  const status = error.status ?? error.statusCode;
  if (!status || status < 400 || status >= 500) return null;
  if (error.type === 'entity.too.large') {
    return {
      status: 413,
      title: 'Request too large',
      detail: 'The request body is too large.',
      field: 'body',
    };
  }
  if (error.type === 'entity.parse.failed') {
    return {
      status: 400,
      title: 'Malformed JSON',
      detail: 'The request body is not valid JSON.',
      field: 'body',
    };
  }
  return {
    status,
    title: 'Bad request',
    detail: error.expose ? error.message : 'The request was not understood.',
  };
};

export const errorHandler =
  (logger: Logger): ErrorRequestHandler =>
  (error: unknown, req, res, _next) => {
    if (error instanceof DomainError) {
      sendProblem(req, res, {
        status: statusOf[error.kind],
        title: error.title,
        detail: error.message,
        ...(error.field ? { field: error.field } : {}),
      });
      return;
    }
    const client = clientHttpProblem(error as HttpError);
    if (client) {
      sendProblem(req, res, client);
      return;
    }
    // The database restarting, cut off or too slow is no fault of the request: nothing was
    // acknowledged, and the same request (the same event ids) may be sent again.
    if (isServerUnreachable(error) || isStatementTimeout(error)) {
      logger.warn({ err: error, requestId: req.id, path: req.path }, 'database unavailable');
      res.setHeader('Retry-After', String(STORE_RETRY_AFTER_SECONDS));
      sendProblem(req, res, {
        status: 503,
        title: 'Temporarily unavailable',
        detail: 'Boon cannot reach its database just now. Please try again in a moment.',
      });
      return;
    }
    logger.error({ err: error, requestId: req.id, path: req.path }, 'unhandled error');
    sendProblem(req, res, {
      status: 500,
      title: 'Server error',
      detail: 'Something went wrong on our side. Please try again.',
    });
  };
