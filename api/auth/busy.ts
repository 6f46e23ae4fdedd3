import type { ErrorRequestHandler } from 'express';
import { KdfBusyError, KdfClosedError } from '../../infra/auth/kdf-pool';
import { sendProblem } from '../http/problems';

/**
 * Password work is queued with a cap: past it, the caller hears 503 with Retry-After at once
 * instead of waiting behind everyone else (and pages never wait behind password work at all).
 */
export const answerBusy: ErrorRequestHandler = (error, req, res, next) => {
  // Cut short by a shutdown whose grace ran out: nothing was stored; another try will do.
  if (error instanceof KdfClosedError) {
    res.setHeader('Retry-After', '5');
    sendProblem(req, res, {
      status: 503,
      title: 'Restarting',
      detail: 'Boon is restarting. Please try again in a few seconds.',
    });
    return;
  }
  if (!(error instanceof KdfBusyError)) {
    next(error);
    return;
  }
  res.setHeader('Retry-After', String(error.retryAfterSeconds));
  sendProblem(req, res, {
    status: 503,
    title: 'Busy',
    detail: 'Boon is busy checking passwords right now. Please try again in a few seconds.',
  });
};
