import { writeSync } from 'node:fs';
import type { Logger } from '../infra/logger';

/** Error codes that a misbehaving client or network causes; the process state is intact. */
const CLIENT_CAUSED = /^(WS_ERR_|ECONNRESET$|EPIPE$|ECONNABORTED$|ETIMEDOUT$|ERR_STREAM_|HPE_)/;

const codeOf = (error: unknown) =>
  typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';

/**
 * Last resort: nothing a client sends may end the process. An error a client caused that
 * escaped every handler is logged and the process keeps serving. Anything else means the
 * process state can no longer be trusted: it is logged and the process exits so a supervisor
 * restarts it from the log (no acknowledged write is lost: appends are durable before the answer).
 */
export const installProcessGuards = (
  logger: Logger,
  exit: (code: number) => void = process.exit,
) => {
  process.on('uncaughtException', (error) => {
    if (CLIENT_CAUSED.test(codeOf(error))) {
      logger.warn({ err: error }, 'client-caused error escaped its handler; still serving');
      return;
    }
    logger.fatal({ err: error }, 'uncaught exception; exiting');
    // The log is written asynchronously and may not reach its pipe before the exit: the reason
    // is also written to standard error at once, so a crash is never silent.
    try {
      writeSync(2, `Boon is exiting on an uncaught exception: ${error.stack ?? String(error)}\n`);
    } catch {
      // Standard error closed: the log line is all there is.
    }
    exit(1);
  });
  process.on('unhandledRejection', (reason) => {
    logger.error({ err: reason }, 'unhandled promise rejection; still serving');
  });
};
