import { resolve } from 'node:path';
import { ConfigError, loadConfig } from '../infra/config';
import { randomSecret } from '../infra/crypto';
import { createLogger } from '../infra/logger';
import { installProcessGuards } from './process-guards';
import { startProjector } from './processes/projector';
import { startServer } from './server';

/** Flags `npm start -- …` passes on: only `--new-vault` (begin an empty key vault on purpose). */
const startFlags = (args: readonly string[]) => {
  const unknown = args.filter((arg) => arg !== '--new-vault');
  if (unknown.length > 0) {
    console.error(`Unknown option ${unknown.join(' ')} (the only one is --new-vault)`);
    process.exit(2);
  }
  return { newVault: args.includes('--new-vault') };
};

const main = async () => {
  const flags = startFlags(process.argv.slice(2));
  let config;
  try {
    const loaded = loadConfig();
    config = { ...loaded, keyVault: { ...loaded.keyVault, allowNew: flags.newVault } };
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
  const logger = createLogger(config.logLevel);
  installProcessGuards(logger);
  if (config.role === 'projector') {
    const projector = await startProjector({ config, logger });
    console.log(`Boon projector is running (health at ${projector.url}/healthz)`);
    stopOnSignals(logger, projector.close, config.shutdownGraceMs);
    return;
  }
  // No default password exists: without configured credentials each start makes its own.
  const admin = config.admin ? undefined : { username: 'admin', password: randomSecret(18) };
  const running = await startServer({
    config,
    logger,
    uiDir: resolve('dist/ui'),
    ...(admin ? { admin } : {}),
  });
  console.log(`Boon is running at ${running.url.replace('127.0.0.1', 'localhost')}`);
  if (admin) {
    console.log(
      `Admin sign-in for this run (set ADMIN_USERNAME and ADMIN_PASSWORD to choose your own): ` +
        `username ${admin.username}, password ${admin.password}`,
    );
  }

  stopOnSignals(logger, running.close, config.shutdownGraceMs);
};

/** Time the projections get, after requests, to commit their batch and release their leases. */
const PROJECTIONS_STOP_MS = 15_000;

/** SIGTERM/SIGINT: a clean stop (exit 0); one that hangs or fails exits 1 after a bound. */
const stopOnSignals = (
  logger: ReturnType<typeof createLogger>,
  close: () => Promise<void>,
  graceMs: number,
) => {
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    setTimeout(() => {
      logger.error('shutdown did not finish in time');
      process.exit(1);
    }, graceMs + PROJECTIONS_STOP_MS).unref();
    try {
      await close();
    } catch (err) {
      logger.error({ err }, 'shutdown failed');
      process.exit(1);
    }
    logger.info('stopped');
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
};

main().catch((error: unknown) => {
  // Start-up problems a person can act on (an engine that does not answer, a MongoDB without
  // a replica set) are said in one line; anything else with its stack.
  const known =
    error instanceof Error &&
    /Unreachable|TransactionsUnavailable|MongoServerSelection|KeyVaultMissing|KeyVaultLocked/.test(
      error.name,
    );
  console.error(known ? `Boon could not start: ${error.message}` : error);
  process.exit(1);
});
