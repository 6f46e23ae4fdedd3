import { pino } from 'pino';

export type Logger = pino.Logger;

export const createLogger = (level: string = process.env.LOG_LEVEL ?? 'info'): Logger =>
  pino({
    level,
    base: { service: 'boon' },
    redact: ['req.headers["x-device-id"]', 'req.headers.authorization'],
  });

/** For tests and benchmarks: a logger that writes nothing. */
export const silentLogger = (): Logger => pino({ level: 'silent' });
