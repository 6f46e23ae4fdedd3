import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { DEFAULT_HOLD_THRESHOLD } from '../domain/moderation/moderation';
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
  REACTION_ATTEMPTS: z.coerce.number().int().min(1).max(1000).default(8),
  REGISTRATIONS_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(100),
  SIGN_UPS_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(10),
  MAX_CONNECTIONS: z.coerce.number().int().min(16).max(1_000_000).default(10_000),
  LIVE_SOCKETS_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000_000).optional(),
  LIVE_CHAT_SOCKETS_PER_PERSON: z.coerce.number().int().min(1).max(100_000).default(8),
  LIVE_CHAT_SOCKETS_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000_000).default(64),
  LIVE_CHAT_PRESENCE_TTL_MS: z.coerce.number().int().min(1000).max(3_600_000).default(60_000),
  REPORT_HOLD_THRESHOLD: z.coerce.number().int().min(1).max(1000).default(DEFAULT_HOLD_THRESHOLD),
  REPORTS_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(20),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  EVENTSTORE_URL: optionalUrl(['esdb://', 'esdb+discover://', 'kurrentdb://', 'kdb://']),
  MONGODB_URL: optionalUrl(['mongodb://', 'mongodb+srv://']),
  KEY_VAULT_MONGODB_URL: optionalUrl(['mongodb://', 'mongodb+srv://']),
  DATABASE_URL: optionalUrl(['postgres://', 'postgresql://']),
  KEY_VAULT_DATABASE_URL: optionalUrl(['postgres://', 'postgresql://']),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(2).max(1000).default(10),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(15_000),
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
  OPINION_MAP_INTERVAL_MS: z.coerce.number().int().min(1000).max(3_600_000).default(60_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  METRICS_TOKEN: z.string().trim().min(16, 'must be at least 16 characters').optional(),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(120_000).default(8000),
  TEST_CLOCK: z.enum(['true', 'false'], { message: "must be 'true' or 'false'" }).default('false'),
  VAPID_PUBLIC_KEY: z
    .string()
    .trim()
    .regex(/^B[A-Za-z0-9_-]{86}$/, 'must be a P-256 public key: 65 bytes in base64url')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'must be a P-256 private key: 32 bytes in base64url')
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .trim()
    .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'must be a mailto: address or an https: URL')
    .optional(),
  PUSH_TEST_ENDPOINTS: z
    .enum(['none', 'loopback'], { message: "must be 'none' or 'loopback'" })
    .default('none'),
});

/** Secrets that may come from a file instead (`NAME_FILE`: a mounted secret, say). */
const FILE_SECRETS = [
  'AUTH_SECRET',
  'ADMIN_PASSWORD',
  'SMTP_URL',
  'METRICS_TOKEN',
  'DATABASE_URL',
  'KEY_VAULT_DATABASE_URL',
  'VAPID_PRIVATE_KEY',
] as const;

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
  /** Tries of one event's reactions before a reactor parks the event and goes on. */
  reactionAttempts: number;
  /** New identities one client address may register in an hour. */
  registrationsPerHour: number;
  /** Account sign-ups one client address may start in an hour. */
  signUpsPerHour: number;
  /** Open connections (HTTP and ws) one process accepts at once. */
  maxConnections: number;
  /** /ws sockets one client address may hold at once over every process, identified or not. */
  liveSocketsPerAddress: number;
  /** The live chat (/mini-chat): sockets allowed at once, and how long presence outlives silence. */
  liveChat: {
    /** Per person, over every process: a device is one person, an account one on all its devices. */
    socketsPerPerson: number;
    /** Per client address, over every process (and on each process before a socket identifies). */
    socketsPerAddress: number;
    /** How long a socket counts as present unrenewed: a killed process's people leave after it. */
    presenceTtlMs: number;
  };
  /** Reports: distinct reporters that hold an item pending review; reports one person may file an hour. */
  moderation: { holdThreshold: number; reportsPerHour: number };
  port: number;
  host: string;
  dataDir: string;
  eventStoreUrl: string | undefined;
  mongoDbUrl: string | undefined;
  /** PostgreSQL for the log, the read models, leases and checkpoints (DATABASE_URL). */
  postgres: PostgresConfig | undefined;
  /** Where personal keys live and what wraps them; never the log's own file or database. */
  keyVault: {
    keyEncryptionKey: KeyEncryptionKeySource;
    /** Its own MongoDB (else, with MONGODB_URL, a database beside the read models'). */
    mongoDbUrl: string | undefined;
    /** Its own PostgreSQL database (else, with DATABASE_URL, `<name>_keys` on the same server). */
    databaseUrl: string | undefined;
    /** `--new-vault`: begin an empty vault although the log holds events (sealed data is lost). */
    allowNew: boolean;
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
  /** Shortest time between two computations of one question's opinion map. */
  opinionMapIntervalMs: number;
  logLevel: string;
  /** Bearer token for /metrics from elsewhere; unset, only this machine may read them. */
  metricsToken: string | undefined;
  /** How long SIGTERM waits for requests under way before closing their connections. */
  shutdownGraceMs: number;
  /** Test-only: a clock that POST /api/test/clock moves forward; refused in production. */
  testClock: boolean;
  /** Web Push (VAPID): keys from configuration, else made once into DATA_DIR. */
  push: {
    vapid: { publicKey: string; privateKey: string } | undefined;
    /** Who the push services may contact about Boon's pushes (RFC 8292's `sub`). */
    subject: string;
    /** Test-only: also send to http://127.0.0.1 (a loopback push-service peer); refused in production. */
    loopbackEndpoints: boolean;
  };
};

export type PostgresConfig = {
  url: string;
  /** Connections each pool of the process may hold at once. */
  poolSize: number;
  /** No statement holds a request or a lease longer than this. */
  statementTimeoutMs: number;
};

/** The key vault's database beside the log's: `<name>_keys` on the same server. */
export const keyVaultDatabaseUrl = (databaseUrl: string): string => {
  const url = new URL(databaseUrl);
  url.pathname = `/${decodeURIComponent(url.pathname.slice(1)) || 'postgres'}_keys`;
  return url.toString();
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

/** Without VAPID_SUBJECT: the public site when it is https, else the address mail comes from. */
const vapidSubjectFrom = (publicUrl: string | undefined, mailFrom: string) => {
  if (publicUrl?.startsWith('https://')) return publicUrl.replace(/\/+$/, '');
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom;
  return `mailto:${address.trim()}`;
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
  if (env.DATABASE_URL && (env.EVENTSTORE_URL || env.MONGODB_URL)) {
    problems.push('DATABASE_URL and EVENTSTORE_URL/MONGODB_URL: choose one engine set');
  }
  if (env.KEY_VAULT_DATABASE_URL && env.KEY_VAULT_DATABASE_URL === env.DATABASE_URL) {
    problems.push("KEY_VAULT_DATABASE_URL must name a database of its own, never the log's");
  }
  if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) {
    problems.push('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together, or neither');
  }
  if (env.PUSH_TEST_ENDPOINTS === 'loopback' && env.NODE_ENV === 'production') {
    problems.push(
      'PUSH_TEST_ENDPOINTS=loopback sends pushes to this machine: it cannot be on when NODE_ENV=production',
    );
  }
  if (env.TEST_CLOCK === 'true' && env.NODE_ENV === 'production') {
    problems.push("TEST_CLOCK moves the server's time: it cannot be on when NODE_ENV=production");
  }
  if (
    parsed.success &&
    (parsed.data.LIVE_SOCKETS_PER_ADDRESS ?? 0) >= parsed.data.MAX_CONNECTIONS
  ) {
    problems.push(
      'LIVE_SOCKETS_PER_ADDRESS must be below MAX_CONNECTIONS: one client would take them all',
    );
  }
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);
  const c = parsed.data;
  const dataDir = resolve(c.DATA_DIR);
  return {
    role: c.ROLE,
    leaseTtlMs: c.LEASE_TTL_MS,
    reactionAttempts: c.REACTION_ATTEMPTS,
    registrationsPerHour: c.REGISTRATIONS_PER_HOUR,
    signUpsPerHour: c.SIGN_UPS_PER_HOUR,
    maxConnections: c.MAX_CONNECTIONS,
    // Unset: 256, or a quarter of the connections when fewer are allowed.
    liveSocketsPerAddress:
      c.LIVE_SOCKETS_PER_ADDRESS ?? Math.min(256, Math.floor(c.MAX_CONNECTIONS / 4)),
    liveChat: {
      socketsPerPerson: c.LIVE_CHAT_SOCKETS_PER_PERSON,
      socketsPerAddress: c.LIVE_CHAT_SOCKETS_PER_ADDRESS,
      presenceTtlMs: c.LIVE_CHAT_PRESENCE_TTL_MS,
    },
    moderation: {
      holdThreshold: c.REPORT_HOLD_THRESHOLD,
      reportsPerHour: c.REPORTS_PER_HOUR,
    },
    port: c.PORT,
    host: c.HOST,
    dataDir,
    eventStoreUrl: c.EVENTSTORE_URL,
    mongoDbUrl: c.MONGODB_URL,
    postgres: c.DATABASE_URL
      ? {
          url: c.DATABASE_URL,
          poolSize: c.DATABASE_POOL_SIZE,
          statementTimeoutMs: c.DATABASE_STATEMENT_TIMEOUT_MS,
        }
      : undefined,
    keyVault: {
      keyEncryptionKey: c.KEY_ENCRYPTION_KEY
        ? { kind: 'value', key: parseKeyEncryptionKey(c.KEY_ENCRYPTION_KEY)! }
        : {
            kind: 'file',
            file: resolve(c.KEY_ENCRYPTION_KEY_FILE ?? join(dataDir, 'key-encryption-key')),
          },
      mongoDbUrl: c.KEY_VAULT_MONGODB_URL,
      databaseUrl: c.KEY_VAULT_DATABASE_URL,
      allowNew: false,
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
    opinionMapIntervalMs: c.OPINION_MAP_INTERVAL_MS,
    logLevel: c.LOG_LEVEL,
    metricsToken: c.METRICS_TOKEN,
    shutdownGraceMs: c.SHUTDOWN_GRACE_MS,
    testClock: c.TEST_CLOCK === 'true',
    push: {
      vapid:
        c.VAPID_PUBLIC_KEY && c.VAPID_PRIVATE_KEY
          ? { publicKey: c.VAPID_PUBLIC_KEY, privateKey: c.VAPID_PRIVATE_KEY }
          : undefined,
      subject: c.VAPID_SUBJECT ?? vapidSubjectFrom(c.PUBLIC_URL, c.MAIL_FROM),
      loopbackEndpoints: c.PUSH_TEST_ENDPOINTS === 'loopback',
    },
  };
};
