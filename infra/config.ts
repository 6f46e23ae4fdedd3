import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { isValidTimeZone } from '../domain/shared/product-day';
import { parseKeyEncryptionKey, type KeyEncryptionKeySource } from './key-vault/key-encryption-key';

const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v === '' ? undefined : v))
    .refine((v) => v === undefined || protocols.some((p) => v.startsWith(p)), {
      message: `must start with ${protocols.join(' or ')}`,
    });

/** An address people may write to, shown on the legal pages; unset when blank. */
const optionalEmail = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v === '' ? undefined : v))
  .refine((v) => v === undefined || z.email().safeParse(v).success, {
    message: 'must be an email address (name@example.org)',
  });

const schema = z.object({
  ROLE: z.enum(['all', 'api', 'projector']).default('all'),
  LEASE_TTL_MS: z.coerce.number().int().min(1000).max(600_000).default(10_000),
  REGISTRATIONS_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(100),
  SIGN_UPS_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(10),
  MAX_CONNECTIONS: z.coerce.number().int().min(16).max(1_000_000).default(10_000),
  LIVE_CHAT_SOCKETS_PER_PERSON: z.coerce.number().int().min(1).max(100_000).default(8),
  LIVE_CHAT_SOCKETS_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000_000).default(64),
  LIVE_CHAT_PRESENCE_TTL_MS: z.coerce.number().int().min(1000).max(3_600_000).default(60_000),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  EVENTSTORE_URL: optionalUrl(['esdb://', 'esdb+discover://', 'kurrentdb://', 'kdb://']),
  MONGODB_URL: optionalUrl(['mongodb://', 'mongodb+srv://']),
  KEY_VAULT_MONGODB_URL: optionalUrl(['mongodb://', 'mongodb+srv://']),
  KEY_ENCRYPTION_KEY: z
    .string()
    .optional()
    .refine((v) => v === undefined || parseKeyEncryptionKey(v) !== null, {
      message: 'must be 32 bytes written as 64 hex digits or base64',
    }),
  KEY_ENCRYPTION_KEY_FILE: z.string().trim().min(1).optional(),
  ADMIN_USERNAME: z.string().trim().min(1).optional(),
  ADMIN_PASSWORD: z.string().min(12, 'must be at least 12 characters').optional(),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  TRUST_PROXY: z
    .string()
    .trim()
    .default('false')
    .refine((v) => /^(\d+|loopback|linklocal|uniquelocal|true|false|[\d.:/a-f, ]+)$/i.test(v), {
      message: 'must be a hop count, loopback/linklocal/uniquelocal, or addresses/CIDRs',
    }),
  SMTP_URL: optionalUrl(['smtp://', 'smtps://']),
  MAIL_FROM: z.string().trim().min(3).default('Boon <no-reply@localhost>'),
  PUBLIC_URL: optionalUrl(['http://', 'https://']),
  CONTACT_EMAIL: optionalEmail,
  PRIVACY_EMAIL: optionalEmail,
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(120).max(86_400).default(900),
  DAY_TIMEZONE: z
    .string()
    .default('America/New_York')
    .refine(isValidTimeZone, { message: 'is not an IANA time zone (e.g. America/New_York)' }),
  DAY_START_HOUR: z.coerce.number().int().min(0).max(23).default(3),
  SQLITE_SYNCHRONOUS: z.enum(['FULL', 'NORMAL']).default('FULL'),
  READ_WAIT_MS: z.coerce.number().int().min(0).max(30_000).default(2000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  METRICS_TOKEN: z.string().trim().min(16, 'must be at least 16 characters').optional(),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(120_000).default(8000),
  TEST_CLOCK: z.enum(['true', 'false'], { message: "must be 'true' or 'false'" }).default('false'),
});

/** Secrets that may come from a file instead (`NAME_FILE`: a mounted secret, say). */
const FILE_SECRETS = ['AUTH_SECRET', 'ADMIN_PASSWORD', 'SMTP_URL', 'METRICS_TOKEN'] as const;

/** Every environment variable Boon reads. */
export const CONFIG_VARIABLES: readonly string[] = [
  ...Object.keys(schema.shape),
  ...FILE_SECRETS.map((name) => `${name}_FILE`),
];

export type Config = {
  /** all: HTTP, ws and projections; api: HTTP and ws; projector: projections (and /healthz). */
  role: 'all' | 'api' | 'projector';
  /** How long a projection lease lasts without renewal: a dead projector's work moves after it. */
  leaseTtlMs: number;
  /** New identities one client address may register in an hour. */
  registrationsPerHour: number;
  /** Account sign-ups one client address may start in an hour. */
  signUpsPerHour: number;
  /** Open connections (HTTP and ws) one process accepts at once. */
  maxConnections: number;
  /** The live chat (/mini-chat): sockets allowed at once, and how long presence outlives silence. */
  liveChat: {
    /** Per person, over every process: a device is one person, an account one on all its devices. */
    socketsPerPerson: number;
    /** Per client address, over every process (and on each process before a socket identifies). */
    socketsPerAddress: number;
    /** How long a socket counts as present unrenewed: a killed process's people leave after it. */
    presenceTtlMs: number;
  };
  port: number;
  host: string;
  dataDir: string;
  eventStoreUrl: string | undefined;
  mongoDbUrl: string | undefined;
  /** Where personal keys live and what wraps them; never the log's own file or database. */
  keyVault: {
    keyEncryptionKey: KeyEncryptionKeySource;
    /** Its own MongoDB (else, with MONGODB_URL, a database beside the read models'). */
    mongoDbUrl: string | undefined;
  };
  admin: { username: string; password: string } | undefined;
  /** Signs tokens and keys the email index; generated into DATA_DIR when not set. */
  authSecret: string | undefined;
  accessTokenSeconds: number;
  /** Which proxies' X-Forwarded-For to believe: the client address drives the rate limits. */
  trustProxy: string | number | boolean;
  /** Where mail goes; without it, a development outbox keeps it (loopback-only /dev/outbox). */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** The origin links in mails point to; unset, the address the server listens on. */
  publicUrl: string | undefined;
  /** Where people write to the operator, and with privacy requests (default: the contact address). */
  contact: { email: string | null; privacyEmail: string | null };
  dayRules: { timeZone: string; startHour: number };
  sqliteSynchronous: 'FULL' | 'NORMAL';
  readWaitMs: number;
  logLevel: string;
  /** Bearer token for /metrics from elsewhere; unset, only this machine may read them. */
  metricsToken: string | undefined;
  /** How long SIGTERM waits for requests under way before closing their connections. */
  shutdownGraceMs: number;
  /** Test-only: a clock that POST /api/test/clock moves forward; refused in production. */
  testClock: boolean;
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** `NAME_FILE` gives NAME the file's content (trailing newline dropped); never both. */
const withFileSecrets = (given: NodeJS.ProcessEnv) => {
  const env = { ...given };
  const problems: string[] = [];
  for (const name of FILE_SECRETS) {
    const file = given[`${name}_FILE`];
    if (!file) continue;
    if (given[name]) {
      problems.push(`${name} and ${name}_FILE: set one, not both`);
      continue;
    }
    try {
      env[name] = readFileSync(file, 'utf8').replace(/\r?\n$/, '');
    } catch (error) {
      problems.push(`${name}_FILE cannot be read (${(error as NodeJS.ErrnoException).code})`);
    }
  }
  return { env, problems };
};

/** Reads configuration from the environment; invalid values stop start-up with every problem listed. */
export const loadConfig = (given: NodeJS.ProcessEnv = process.env): Config => {
  const { env, problems: fileProblems } = withFileSecrets(given);
  const parsed = schema.safeParse(env);
  const problems = parsed.success
    ? [...fileProblems]
    : [
        ...fileProblems,
        ...parsed.error.issues.map(
          (issue) => `${issue.path.join('.') || 'config'} ${issue.message}`,
        ),
      ];
  if (Boolean(env.ADMIN_USERNAME) !== Boolean(env.ADMIN_PASSWORD)) {
    problems.push('ADMIN_PASSWORD and ADMIN_USERNAME must be set together, or neither');
  }
  if (env.KEY_ENCRYPTION_KEY && env.KEY_ENCRYPTION_KEY_FILE) {
    problems.push('KEY_ENCRYPTION_KEY and KEY_ENCRYPTION_KEY_FILE: set one, not both');
  }
  if (env.TEST_CLOCK === 'true' && env.NODE_ENV === 'production') {
    problems.push("TEST_CLOCK moves the server's time: it cannot be on when NODE_ENV=production");
  }
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);
  const c = parsed.data;
  const dataDir = resolve(c.DATA_DIR);
  return {
    role: c.ROLE,
    leaseTtlMs: c.LEASE_TTL_MS,
    registrationsPerHour: c.REGISTRATIONS_PER_HOUR,
    signUpsPerHour: c.SIGN_UPS_PER_HOUR,
    maxConnections: c.MAX_CONNECTIONS,
    liveChat: {
      socketsPerPerson: c.LIVE_CHAT_SOCKETS_PER_PERSON,
      socketsPerAddress: c.LIVE_CHAT_SOCKETS_PER_ADDRESS,
      presenceTtlMs: c.LIVE_CHAT_PRESENCE_TTL_MS,
    },
    port: c.PORT,
    host: c.HOST,
    dataDir,
    eventStoreUrl: c.EVENTSTORE_URL,
    mongoDbUrl: c.MONGODB_URL,
    keyVault: {
      keyEncryptionKey: c.KEY_ENCRYPTION_KEY
        ? { kind: 'value', key: parseKeyEncryptionKey(c.KEY_ENCRYPTION_KEY)! }
        : {
            kind: 'file',
            file: resolve(c.KEY_ENCRYPTION_KEY_FILE ?? join(dataDir, 'key-encryption-key')),
          },
      mongoDbUrl: c.KEY_VAULT_MONGODB_URL,
    },
    admin:
      c.ADMIN_USERNAME && c.ADMIN_PASSWORD
        ? { username: c.ADMIN_USERNAME, password: c.ADMIN_PASSWORD }
        : undefined,
    authSecret: c.AUTH_SECRET,
    accessTokenSeconds: c.ACCESS_TOKEN_TTL_SECONDS,
    trustProxy: /^\d+$/.test(c.TRUST_PROXY)
      ? Number(c.TRUST_PROXY)
      : c.TRUST_PROXY === 'true'
        ? true
        : c.TRUST_PROXY === 'false'
          ? false
          : c.TRUST_PROXY,
    smtpUrl: c.SMTP_URL,
    mailFrom: c.MAIL_FROM,
    publicUrl: c.PUBLIC_URL?.replace(/\/+$/, ''),
    contact: {
      email: c.CONTACT_EMAIL ?? null,
      privacyEmail: c.PRIVACY_EMAIL ?? c.CONTACT_EMAIL ?? null,
    },
    dayRules: { timeZone: c.DAY_TIMEZONE, startHour: c.DAY_START_HOUR },
    sqliteSynchronous: c.SQLITE_SYNCHRONOUS,
    readWaitMs: c.READ_WAIT_MS,
    logLevel: c.LOG_LEVEL,
    metricsToken: c.METRICS_TOKEN,
    shutdownGraceMs: c.SHUTDOWN_GRACE_MS,
    testClock: c.TEST_CLOCK === 'true',
  };
};
